/** Demo companies, countries, currencies, users, partners and products (deterministic). */
import { DemoRandom, money } from './demo-random.ts';

export type Rows = Record<string, unknown>[];
export type DemoTables = Map<string, Rows>;

const COUNTRIES: ReadonlyArray<[string, string, string, number]> = [
  ['US', 'United States', 'États-Unis', 1], ['BE', 'Belgium', 'Belgique', 2], ['FR', 'France', 'France', 2], ['DE', 'Germany', 'Allemagne', 2],
  ['GB', 'United Kingdom', 'Royaume-Uni', 3], ['NL', 'Netherlands', 'Pays-Bas', 2], ['ES', 'Spain', 'Espagne', 2], ['IT', 'Italy', 'Italie', 2],
  ['CA', 'Canada', 'Canada', 1], ['IN', 'India', 'Inde', 1],
];
const COMPANY_NAMES = ['Azure Interior', 'Deco Addict', 'Gemini Furniture', 'Lumber Inc', 'Ready Mat', 'Wood Corner', 'Acme Corporation', 'Northwind Traders',
  'Contoso Ltd', 'Fabrikam', 'Globex', 'Initech', 'Umbrella Supplies', 'Stark Office', 'Wayne Interiors', 'Oceanic Desks', 'Vandelay Imports', 'Hooli Spaces',
  'Pied Piper Design', 'Soylent Foods', 'Tyrell Offices', 'Cyberdyne Fittings', 'Wonka Rooms', 'Monarch Living', 'Blue Harbor', 'Silverline', 'Redwood Studio',
  'Maple & Co', 'Summit Works', 'Atlas Trading', 'Nimbus Retail', 'Quartz Homes', 'Helix Partners', 'Orion Goods', 'Pinnacle Stores', 'Cobalt Office',
  'Evergreen Supply', 'Falcon Interiors', 'Granite Works', 'Harbor Lights'];
const FIRST = ['Anna', 'Brandon', 'Chloe', 'Daniel', 'Emma', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kim', 'Lucas', 'Mia', 'Noah', 'Olivia', 'Pedro'];
const LAST = ['Freeman', 'Martin', 'Dubois', 'Peeters', 'Schmidt', 'Rossi', 'Garcia', 'Smith', 'Janssens', 'Lopez', 'Meyer', 'Khan'];
const PRODUCTS: ReadonlyArray<[string, string, string, number, number]> = [
  ['Office Chair', 'Chaise de bureau', 'FURN', 3, 180], ['Desk Combination', 'Combinaison de bureau', 'FURN', 3, 450], ['Large Cabinet', 'Grande armoire', 'FURN', 3, 320],
  ['Corner Desk Right Sit', 'Bureau d\u2019angle', 'FURN', 3, 600], ['Drawer Black', 'Tiroir noir', 'FURN', 3, 25], ['Storage Box', 'Boîte de rangement', 'FURN', 3, 15],
  ['Conference Table', 'Table de conférence', 'FURN', 3, 890], ['Desk Pad', 'Sous-main', 'FURN', 3, 12], ['Acoustic Bloc Screens', 'Écrans acoustiques', 'FURN', 3, 295],
  ['Cable Management Box', 'Boîte de câbles', 'FURN', 3, 100], ['Pedal Bin', 'Poubelle à pédale', 'FURN', 3, 47], ['Flipover', 'Tableau de conférence', 'FURN', 3, 1950],
  ['Three-Seat Sofa', 'Canapé trois places', 'FURN', 3, 1500], ['Four Person Desk', 'Bureau quatre personnes', 'FURN', 3, 2350], ['Customizable Desk', 'Bureau personnalisable', 'FURN', 3, 750],
  ['Monitor Stand', 'Support d\u2019écran', 'FURN', 3, 40], ['Whiteboard Pen', 'Feutre', 'FURN', 2, 1.2], ['Large Meeting Table', 'Grande table de réunion', 'FURN', 3, 4000],
  ['Installation', 'Installation', 'SERV', 4, 150], ['Design Consultation', 'Conseil en design', 'SERV', 4, 95], ['Delivery', 'Livraison', 'SERV', 4, 40],
  ['Maintenance Contract', 'Contrat de maintenance', 'SERV', 4, 1200], ['Training Day', 'Journée de formation', 'SERV', 4, 800], ['Virtual Home Staging', 'Home staging virtuel', 'SERV', 4, 38],
  ['Travel Expenses', 'Frais de déplacement', 'EXP', 5, 0], ['Office Cleaning', 'Nettoyage de bureau', 'SERV', 4, 60], ['Ergonomic Audit', 'Audit ergonomique', 'SERV', 4, 300],
  ['Desk Lamp', 'Lampe de bureau', 'FURN', 2, 35], ['Bookshelf', 'Bibliothèque', 'FURN', 3, 210], ['Footrest', 'Repose-pieds', 'FURN', 2, 28],
];

export function buildBaseTables(random: DemoRandom, tables: DemoTables): void {
  tables.set('res_currency', [
    { id: 1, name: 'USD', symbol: '$', rate: 1, active: true }, { id: 2, name: 'EUR', symbol: '€', rate: 0.92, active: true },
    { id: 3, name: 'GBP', symbol: '£', rate: 0.79, active: true },
  ]);
  tables.set('res_country', COUNTRIES.map(([code, en, fr, currency], index) => ({ id: index + 1, code, name: { en_US: en, fr_FR: fr }, currency_id: currency })));
  tables.set('res_company', [
    { id: 1, name: 'YourCompany', sequence: 1, currency_id: 1, partner_id: 1, country_id: 1, active: true },
    { id: 2, name: 'My Belgian Company', sequence: 2, currency_id: 2, partner_id: 2, country_id: 2, active: true },
  ]);
  const partners: Rows = [];
  const person = (id: number, name: string, extra: Record<string, unknown> = {}) => partners.push({
    id, name, complete_name: name, is_company: false, type: 'contact', commercial_partner_id: id, active: true, customer_rank: 0, supplier_rank: 0, ...extra,
  });
  person(1, 'YourCompany', { is_company: true, country_id: 1, city: 'San Francisco' });
  person(2, 'My Belgian Company', { is_company: true, country_id: 2, city: 'Brussels', company_id: 2 });
  person(3, 'OdooBot', { active: false });
  ['Mitchell Admin', 'Marc Demo', 'Joel Willis', 'Jeffrey Kelly', 'Querent Bot'].forEach((name, index) => person(4 + index, name, { email: `${name.split(' ')[0].toLowerCase()}@example.com` }));
  tables.set('res_users', [
    { id: 1, login: '__system__', partner_id: 3, company_id: 1, share: false, active: false },
    ...['admin', 'demo', 'joel', 'jeffrey', 'bot'].map((login, index) => ({ id: index + 2, login, partner_id: index + 4, company_id: 1, share: false, active: true })),
  ]);
  tables.set('res_company_users_rel', [[1, 1], [2, 1], [2, 2], [3, 1], [4, 1], [5, 1], [5, 2], [6, 1]].map(([user, company]) => ({ user_id: user, cid: company })));
  // Customers and vendors: companies 9–48, two contacts each for the first twenty.
  COMPANY_NAMES.forEach((name, index) => {
    const id = 9 + index;
    const vendor = index >= 32;
    const country = index % 7 === 3 ? 2 : random.int(1, COUNTRIES.length);
    person(id, name, {
      is_company: true, country_id: country, city: random.pick(['Chicago', 'Brussels', 'Paris', 'Berlin', 'London', 'Madrid', 'Toronto']),
      email: `info@${name.toLowerCase().replace(/[^a-z]/g, '')}.example.com`, phone: `+1 555 01${String(index).padStart(2, '0')}`,
      user_id: vendor ? null : random.pick([2, 3, 4, 5]), company_id: index % 7 === 3 ? 2 : null,
      customer_rank: vendor ? 0 : random.int(1, 20), supplier_rank: vendor || index % 10 === 0 ? random.int(1, 5) : 0,
      ref: `C${String(id).padStart(4, '0')}`, vat: index % 3 === 0 ? `BE0${String(477000000 + index * 1013)}` : null,
      active: index % 15 !== 14,
    });
  });
  for (let index = 0; index < 40; index += 1) {
    const parent = partners.find((partner) => partner.id === 9 + Math.floor(index / 2)) as Record<string, unknown>;
    const name = `${FIRST[index % FIRST.length]} ${LAST[(index * 5) % LAST.length]}`;
    person(49 + index, name, {
      parent_id: parent.id, complete_name: `${String(parent.name)}, ${name}`, commercial_partner_id: parent.id, country_id: parent.country_id,
      company_id: parent.company_id, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, active: parent.active,
    });
  }
  tables.set('res_partner', partners);
  tables.set('res_partner_category', ['VIP', 'Prospects', 'Services', 'Office Supplies'].map((name, index) => ({ id: index + 1, name, active: true })));
  tables.set('res_partner_res_partner_category_rel', partners.filter((partner) => partner.is_company === true && Number(partner.id) > 8)
    .flatMap((partner, index) => index % 3 === 0 ? [{ partner_id: partner.id, category_id: (index % 4) + 1 }] : []));
  tables.set('product_category', [
    { id: 1, name: 'All', complete_name: 'All' }, { id: 2, name: 'Saleable', complete_name: 'All / Saleable', parent_id: 1 },
    { id: 3, name: 'Office Furniture', complete_name: 'All / Saleable / Office Furniture', parent_id: 2 },
    { id: 4, name: 'Services', complete_name: 'All / Services', parent_id: 1 }, { id: 5, name: 'Expenses', complete_name: 'All / Expenses', parent_id: 1 },
  ]);
  tables.set('product_template', PRODUCTS.map(([en, fr, prefix, category, price], index) => ({
    id: index + 1, name: { en_US: en, fr_FR: fr }, default_code: `${prefix}_${String(index + 1).padStart(4, '0')}`, priority: index < 3 ? '1' : '0',
    list_price: price, standard_price: money(price * 0.6), type: prefix === 'FURN' ? 'consu' : 'service', is_storable: prefix === 'FURN' && index % 5 !== 4,
    categ_id: category, sale_ok: prefix !== 'EXP', purchase_ok: prefix !== 'SERV', company_id: index === 29 ? 2 : null, active: index !== 16,
  })));
  tables.set('product_product', PRODUCTS.map(([, , prefix], index) => ({
    id: index + 1, product_tmpl_id: index + 1, default_code: `${prefix}_${String(index + 1).padStart(4, '0')}`,
    barcode: prefix === 'FURN' ? `60${String(1000000 + index * 7919)}` : null, active: index !== 16,
  })));
}

export const PRODUCT_PRICES: readonly number[] = PRODUCTS.map((product) => product[4]);
export const PRODUCT_NAMES: readonly string[] = PRODUCTS.map((product) => product[0]);
