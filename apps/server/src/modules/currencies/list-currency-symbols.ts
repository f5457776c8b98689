/*
 * The catalogue's coin codes, for other modules: the rate refresh prices the enabled ones (listCurrencySymbols),
 * and a rate may be read or set for any code ever listed (listKnownSymbols).
 */
export { listCurrencySymbols, listKnownSymbols } from './queries.ts';
