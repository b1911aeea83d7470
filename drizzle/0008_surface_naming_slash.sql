-- Projects made before surface.naming existed keep the names their proxies present today
-- (favourite/… and all/<server>/<tool>); only new projects get the safe scheme (§names).
-- serverKey is the key users gave favindex in their clients' configs until now.
UPDATE "projects"
SET "surface" = jsonb_build_object('naming', 'slash', 'serverKey', 'favindex') || "surface"
WHERE NOT ("surface" ? 'naming') OR NOT ("surface" ? 'serverKey');
