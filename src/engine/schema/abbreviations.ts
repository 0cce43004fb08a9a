import { wordTable } from '../language/word-table.ts';

/**
 * Short forms found in table and column names, and the words they stand for. These are the
 * conventions of database naming, which no dictionary of English holds; the words themselves go
 * through WordNet like any other.
 */
export const ABBREVIATIONS = wordTable<readonly string[]>({
  acc: ['account'], acct: ['account'], addr: ['address'], amt: ['amount'], appt: ['appointment'], approx: ['approximate'],
  asst: ['assistant'], avg: ['average'], bal: ['balance'], bdate: ['birth', 'date'], bday: ['birthday'],
  cat: ['category'], cd: ['code'], cnt: ['count'], comm: ['commission'], cr: ['credit'],
  ctry: ['country'], cty: ['city'], curr: ['currency'], cust: ['customer'], dept: ['department'], desc: ['description'],
  descr: ['description'], dob: ['date', 'of', 'birth'], doc: ['document'], dr: ['debit'], dt: ['date'], dtm: ['date', 'time'],
  emp: ['employee'], empl: ['employee'], eq: ['equipment'], est: ['estimated'], exp: ['expense'], fname: ['first', 'name'],
  flg: ['flag'], freq: ['frequency'], grp: ['group'], hr: ['hour'], hrs: ['hours'], ht: ['height'],
  inv: ['invoice'], lat: ['latitude'], lname: ['last', 'name'], lng: ['longitude'], lon: ['longitude'], long: ['longitude'], loc: ['location'], mgr: ['manager'], mfr: ['manufacturer'], msg: ['message'],
  mth: ['month'], nbr: ['number'], nm: ['name'], no: ['number'], num: ['number'], ord: ['order'], org: ['organization'],
  pct: ['percent'], ph: ['phone'], pmt: ['payment'], pop: ['population'], pos: ['position'], prc: ['price'], prod: ['product'],
  proj: ['project'], pymt: ['payment'], qty: ['quantity'], qtr: ['quarter'], rcpt: ['receipt'], ref: ['reference'],
  rev: ['revenue'], sal: ['salary'], seq: ['sequence'], sku: ['sku'], srv: ['service'], stat: ['status'],
  sts: ['status'], supp: ['supplier'], tech: ['technician'], tel: ['phone'], tot: ['total'], ts: ['timestamp'], tx: ['transaction'],
  txn: ['transaction'], typ: ['type'], uom: ['unit', 'of', 'measure'], vend: ['vendor'], wh: ['warehouse'], wk: ['week'],
  wt: ['weight'], yr: ['year'], yrs: ['years'], zip: ['zip', 'code'],
  lmt: ['limit'], ln: ['line'], lns: ['lines'], frt: ['freight'], seg: ['segment'], cntry: ['country'], rgn: ['region'],
  lvl: ['level'], prio: ['priority'], pri: ['priority'], svc: ['service'], stk: ['stock'], shpmt: ['shipment'], rcvd: ['received'],
  sls: ['sales'], ttl: ['total'], val: ['value'], mgmt: ['management'], whse: ['warehouse'], terr: ['territory'],
});

/**
 * Short forms that are also English words but in a column or table name almost always abbreviate
 * ("no_of_staff", "desc", "pop"): expanded even though WordNet knows them. Other known words
 * ("cat", "doc") keep their own reading and get the expansion as a second name.
 */
export const ALWAYS_EXPANDED: ReadonlySet<string> = new Set(['no', 'num', 'desc', 'dt', 'cd', 'nm', 'qty', 'amt', 'hr', 'hrs', 'pop', 'sal', 'tot', 'ref', 'stat', 'sts', 'dob', 'addr', 'bal', 'mgr', 'dept', 'cust', 'emp', 'prod', 'avg', 'cnt', 'pct', 'yr', 'yrs', 'mth', 'wk', 'flg']);

/** Prefixes some schemas put before table names; dropped when other words remain. */
export const TABLE_PREFIXES: ReadonlySet<string> = new Set(['tbl', 'tb', 't', 'dim', 'fact', 'vw', 'v', 'view', 'ref', 'lkp', 'lookup', 'stg', 'raw', 'app', 'core']);

/** A word's first letter and the consonants after it, a doubled one once: "retired" → rtrd, "driver" → drvr. */
function consonantsOf(word: string): string {
  return (word[0] + word.slice(1).replace(/[aeiou]/g, '')).replace(/(.)\1+/g, '$1');
}

/**
 * Whether a schema's short form (a name part that is no word: `drvr`, `veh`, `acq`) writes `word`
 * short, by the conventions of database naming: its consonants ("drvr" → driver), the first of them
 * ("acq" → acquired), or its first letters ("veh" → vehicle).
 */
export function abbreviates(short: string, word: string): boolean {
  if (short.length < 3 || word.length <= short.length || word[0] !== short[0]) return false;
  return word.startsWith(short) || consonantsOf(word).startsWith(short);
}
