import './zod-locale';
export * from './return-codes';
export * from './envelope';
export * from './paths';
export * from './authorities';
export * from './rules';
export * from './envelope-wire';
export * from './auth';
export * from './reminders';
