// The old place of support/processes.mjs, kept for the build and measuring scripts outside server/
// that still import it from here (scripts/edge-local.mjs, page-weight.mjs, screenshots.mjs).
export * from './support/processes.mjs';
