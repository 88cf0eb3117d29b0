export * from './auth';
export * from './profiles';
export * from './checklists';
export * from './library';
export * from './social';
export * from './badges';
export * from './system';
export * from './notification-mails';
