import { SaxesParser, type SaxesTagNS } from 'saxes';

/** One digital currency address of the list, with the entry it belongs to. */
export type SdnAddress = {
  /** The asset code of its FeatureType, 'Digital Currency Address - <asset>': XBT, ETH, LTC, USDT, TRX, ... */
  asset: string;
  address: string;
  /** The entry's primary name (its primary alias' name parts), when the file gives one. */
  partyName: string | null;
  /** The DistinctParty's FixedRef (the SDN entry's id). */
  partyRef: string | null;
};

export type SdnList = {
  /** DateOfIssue as YYYY-MM-DD, when the file has one. */
  publishedOn: string | null;
  addresses: SdnAddress[];
};

/** The file is not the OFAC SDN advanced XML format (or not well-formed XML). */
export class SdnFormatError extends Error {}

export const DIGITAL_CURRENCY_FEATURE = 'Digital Currency Address - ';

type Party = { ref: string | null; name: string | null; nameParts: string[] | null };
type Found = { featureTypeId: string; address: string; party: Party | null };

/**
 * Reads the OFAC SDN list in its advanced XML format (sdn_advanced.xml) as a stream, keeping only what the
 * sanctions rule needs: the Feature elements whose FeatureType (ReferenceValueSets/FeatureTypeValues) reads
 * 'Digital Currency Address - <asset>', their VersionDetail text (the address) and the DistinctParty they belong
 * to (FixedRef, primary alias name). Elements are matched by local name, so the file's namespace (it changed over
 * the years) does not matter. Memory grows with the addresses found, not with the file (~100 MB).
 */
export async function parseSdnAdvanced(chunks: AsyncIterable<string | Buffer>): Promise<SdnList> {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: string[] = [];
  const featureTypes = new Map<string, string>();
  const found: Found[] = [];
  const date: Record<string, string> = {};
  let root: string | null = null;
  let party: Party | null = null;
  let featureTypeId: string | null = null;
  let inPrimaryAlias = false;
  let text: string | null = null;
  let textFor:
    | { kind: 'featureType'; id: string }
    | { kind: 'detail' }
    | { kind: 'name' }
    | { kind: 'date'; part: string }
    | null = null;
  let failure: Error | null = null;

  const parent = (n = 1) => stack[stack.length - 1 - n];
  const attr = (tag: SaxesTagNS, name: string) => {
    const a = tag.attributes[name];
    return a === undefined ? null : typeof a === 'string' ? a : a.value;
  };

  parser.on('error', (err) => {
    failure ??= new SdnFormatError(`Not well-formed XML: ${err.message}`);
  });
  parser.on('opentag', (tag) => {
    const name = tag.local;
    root ??= name;
    stack.push(name);
    if (name === 'FeatureType' && parent() === 'FeatureTypeValues') {
      const id = attr(tag, 'ID');
      if (id) textFor = { kind: 'featureType', id };
    } else if (name === 'DistinctParty') {
      party = { ref: attr(tag, 'FixedRef'), name: null, nameParts: null };
    } else if (name === 'Alias' && party && !party.nameParts && attr(tag, 'Primary') === 'true') {
      inPrimaryAlias = true;
      party.nameParts = [];
    } else if (name === 'NamePartValue' && inPrimaryAlias) {
      textFor = { kind: 'name' };
    } else if (name === 'Feature') {
      featureTypeId = attr(tag, 'FeatureTypeID');
    } else if (name === 'VersionDetail' && featureTypeId) {
      textFor = { kind: 'detail' };
    } else if ((name === 'Year' || name === 'Month' || name === 'Day') && parent() === 'DateOfIssue') {
      textFor = { kind: 'date', part: name };
    }
    if (textFor) text = '';
  });
  parser.on('text', (t) => {
    if (text !== null) text += t;
  });
  parser.on('closetag', (tag) => {
    const name = tag.local;
    if (textFor && text !== null) {
      const value = text.trim();
      if (textFor.kind === 'featureType') featureTypes.set(textFor.id, value);
      else if (textFor.kind === 'name' && value) party?.nameParts?.push(value);
      else if (textFor.kind === 'detail' && value && featureTypeId) {
        found.push({ featureTypeId, address: value, party });
      } else if (textFor.kind === 'date') date[textFor.part] = value;
      textFor = null;
      text = null;
    }
    if (name === 'Alias' && inPrimaryAlias) {
      inPrimaryAlias = false;
      if (party?.nameParts?.length) party.name = party.nameParts.join(' ');
    } else if (name === 'Feature') featureTypeId = null;
    else if (name === 'DistinctParty') party = null;
    stack.pop();
  });

  for await (const chunk of chunks) {
    parser.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    if (failure) throw failure;
  }
  parser.close();
  if (failure) throw failure;
  if (root !== 'Sanctions') {
    throw new SdnFormatError(
      `Not an OFAC SDN advanced XML file: its root element is ${root ? `<${root}>` : 'missing'}, not <Sanctions>`,
    );
  }
  if (featureTypes.size === 0) {
    throw new SdnFormatError(
      'Not an OFAC SDN advanced XML file: it has no ReferenceValueSets/FeatureTypeValues',
    );
  }

  const addresses: SdnAddress[] = [];
  for (const f of found) {
    const type = featureTypes.get(f.featureTypeId);
    if (!type?.startsWith(DIGITAL_CURRENCY_FEATURE)) continue;
    addresses.push({
      asset: type.slice(DIGITAL_CURRENCY_FEATURE.length).trim(),
      address: f.address,
      partyName: f.party?.name ?? null,
      partyRef: f.party?.ref ?? null,
    });
  }
  const { Year: y, Month: m, Day: d } = date;
  const publishedOn =
    y && m && d && /^\d{4}$/.test(y) && /^\d{1,2}$/.test(m) && /^\d{1,2}$/.test(d)
      ? `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`
      : null;
  return { publishedOn, addresses };
}
