/*
 * Stores quotes of a rate source (the latest per source, base and symbol; an older quote never replaces a newer
 * one): what a refresh does, and how a test gives another module a market rate.
 */
export { upsertQuotes } from './queries.ts';
