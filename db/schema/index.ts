export * from './projects';
export * from './catalog';
export * from './favourites';
export * from './events';
export * from './usage';
export * from './tokens';
export * from './impact';
export * from './admin-sessions';
