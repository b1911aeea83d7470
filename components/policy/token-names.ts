'use client';

import { createContext, useContext } from 'react';

/**
 * What the Policy tab calls each token the rules name (§policy: by its id): its name, and
 * "(revoked)" after a revoked one's, so two tokens that had one name read apart.
 */
export const TokenNames = createContext<ReadonlyMap<string, string>>(new Map());

export function useTokenNames(): ReadonlyMap<string, string> {
  return useContext(TokenNames);
}
