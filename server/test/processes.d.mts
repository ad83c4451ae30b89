export * from './support/processes.mjs';
