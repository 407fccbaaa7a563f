export * from './constants';
export * from './school-year';
export * from './names';
export * from './scores';
export * from './api/common';
export * from './api/auth';
export * from './api/schools';
