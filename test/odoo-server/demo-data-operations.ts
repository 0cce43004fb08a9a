/** Demo accounting setup, stock, CRM, employees and projects (deterministic). */
import { PRODUCT_PRICES, type DemoTables } from './demo-data-base.ts';
import { addDays, DemoRandom, money } from './demo-random.ts';

const NAMES = ['Abigail Peterson', 'Anita Oliver', 'Audrey Peterson', 'Beth Evans', 'Doris Cole', 'Eli Lambert', 'Ernest Reed', 'Jennie Fletcher',
  'Jeffrey Kelly', 'Keith Byrd', 'Marc Demo', 'Mitchell Admin', 'Paul Williams', 'Rachel Perry', 'Randall Lewis', 'Roger Scott', 'Ronnie Hart',
  'Sharlene Rhodes', 'Tina Williamson', 'Toni Jimenez', 'Walter Horton', 'Billy Fox', 'Carla Diaz', 'Dennis Moore', 'Elena Ruiz', 'Frank Ocean',
  'Gina Park', 'Harold Finch', 'Irene Adler', 'Jack Reese'];
const JOBS = ['Chief Executive Officer', 'Consultant', 'Experienced Developer', 'Marketing and Community Manager', 'Human Resources Manager', 'Trainee', 'Sales Manager'];

export function buildOperationsTables(random: DemoRandom, tables: DemoTables): void {
  tables.set('account_journal', [
    { id: 1, name: 'Customer Invoices', code: 'INV', sequence: 5, type: 'sale', company_id: 1, active: true },
    { id: 2, name: 'Vendor Bills', code: 'BILL', sequence: 6, type: 'purchase', company_id: 1, active: true },
    { id: 3, name: 'Miscellaneous Operations', code: 'MISC', sequence: 9, type: 'general', company_id: 1, active: true },
    { id: 4, name: 'Customer Invoices', code: 'INV', sequence: 5, type: 'sale', company_id: 2, active: true },
  ]);
  tables.set('account_account', [
    { id: 1, code: '121000', name: 'Account Receivable', account_type: 'asset_receivable', company_id: 1 },
    { id: 2, code: '400000', name: 'Product Sales', account_type: 'income', company_id: 1 },
    { id: 3, code: '211000', name: 'Account Payable', account_type: 'liability_payable', company_id: 1 },
    { id: 4, code: '600000', name: 'Expenses', account_type: 'expense', company_id: 1 },
    { id: 5, code: '251000', name: 'Tax Received', account_type: 'liability_current', company_id: 1 },
  ]);
  tables.set('stock_location', [
    { id: 1, name: 'Physical Locations', complete_name: 'Physical Locations', usage: 'view', active: true },
    { id: 2, name: 'WH', complete_name: 'WH', usage: 'view', location_id: 1, company_id: 1, active: true },
    { id: 3, name: 'Stock', complete_name: 'WH/Stock', usage: 'internal', location_id: 2, company_id: 1, active: true },
    { id: 4, name: 'Customers', complete_name: 'Partners/Customers', usage: 'customer', active: true },
    { id: 5, name: 'Vendors', complete_name: 'Partners/Vendors', usage: 'supplier', active: true },
    { id: 6, name: 'Stock', complete_name: 'BE/Stock', usage: 'internal', company_id: 2, active: true },
  ]);
  const storable = PRODUCT_PRICES.map((_, index) => index + 1).filter((id) => id <= 18 || id >= 28).filter((id) => (id - 1) % 5 !== 4 && id !== 17);
  tables.set('stock_quant', storable.flatMap((product, index) => [
    { id: index * 2 + 1, product_id: product, location_id: 3, company_id: 1, quantity: random.int(0, 120), reserved_quantity: random.int(0, 5), in_date: random.datetime('2024-01-01', '2024-12-01') },
    { id: index * 2 + 2, product_id: product, location_id: index % 2 === 0 ? 6 : 4, company_id: index % 2 === 0 ? 2 : null, quantity: random.int(1, 40), reserved_quantity: 0, in_date: random.datetime('2024-01-01', '2024-12-01') },
  ]));
  const stages = [['New', 'Nouveau'], ['Qualified', 'Qualifié'], ['Proposition', 'Proposition'], ['Won', 'Gagné']];
  tables.set('crm_stage', stages.map(([en, fr], index) => ({ id: index + 1, name: { en_US: en, fr_FR: fr }, sequence: index + 1, is_won: index === 3 })));
  tables.set('crm_lead', Array.from({ length: 120 }, (_, index) => {
    const stage = random.int(1, 4);
    const created = random.datetime('2023-06-01', '2025-01-01');
    const lost = index % 8 === 7;
    const probability = stage === 4 ? 100 : lost ? 0 : [10, 30, 60][stage - 1];
    const revenue = money(random.int(5, 300) * 100);
    return {
      id: index + 1, name: `${random.pick(['Office furniture', 'Desks', 'Chairs', 'Meeting room', 'Open space', 'Lounge'])} for ${random.pick(['HQ', 'new branch', 'renovation', 'expansion'])} #${index + 1}`,
      type: index % 4 === 0 ? 'lead' : 'opportunity', partner_id: index % 5 === 0 ? null : 9 + (index % 32), user_id: random.pick([2, 3, 4, 5, null]),
      stage_id: stage, priority: String(index % 4), expected_revenue: revenue, prorated_revenue: money(revenue * probability / 100), probability,
      date_deadline: addDays(created, random.int(10, 90)), date_closed: stage === 4 || lost ? `${addDays(created, 20)} 10:00:00` : null,
      email_from: `lead${index + 1}@example.com`, city: random.pick(['Chicago', 'Brussels', 'Paris', 'Berlin']), country_id: random.int(1, 4),
      company_id: index % 10 === 9 ? 2 : 1, active: !lost, create_date: created, write_date: created,
    };
  }));
  tables.set('hr_department', ['Administration', 'Sales', 'Research & Development', 'Management', 'Long Term Projects'].map((name, index) => ({
    id: index + 1, name, complete_name: name, company_id: 1, active: index !== 4,
  })));
  tables.set('hr_employee', NAMES.map((name, index) => ({
    id: index + 1, name, job_title: index === 0 ? 'Chief Executive Officer' : random.pick(JOBS), department_id: index === 0 ? 4 : random.int(1, 3),
    parent_id: index === 0 ? null : index < 4 ? 1 : random.int(2, 4), coach_id: null, work_email: `${name.split(' ')[0].toLowerCase()}@example.com`,
    user_id: name === 'Mitchell Admin' ? 2 : name === 'Marc Demo' ? 3 : null, company_id: index % 10 === 6 ? 2 : 1, active: index % 11 !== 10,
  })));
  tables.set('project_project', [['Office Design', 'Conception de bureaux'], ['Research & Development', 'Recherche et développement'], ['Renovations', 'Rénovations']]
    .map(([en, fr], index) => ({ id: index + 1, name: { en_US: en, fr_FR: fr }, sequence: index + 1, partner_id: 9 + index, user_id: 2, company_id: 1, active: true })));
  tables.set('project_task_type', [['New', 'Nouveau'], ['In Progress', 'En cours'], ['Done', 'Fait']].map(([en, fr], index) => ({ id: index + 1, name: { en_US: en, fr_FR: fr }, sequence: index + 1, fold: index === 2 })));
  const states = ['01_in_progress', '02_changes_requested', '03_approved', '1_done', '1_canceled', '04_waiting_normal'];
  tables.set('project_task', Array.from({ length: 80 }, (_, index) => {
    const stage = random.int(1, 3);
    return {
      id: index + 1, name: `${random.pick(['Design', 'Install', 'Review', 'Measure', 'Quote', 'Plan'])} ${random.pick(['meeting room', 'desks', 'lighting', 'storage', 'reception'])}`,
      project_id: random.int(1, 3), stage_id: stage, state: stage === 3 ? '1_done' : random.pick(states.slice(0, 3).concat(states[5])), priority: index % 6 === 0 ? '1' : '0',
      sequence: index, date_deadline: addDays('2024-01-01', random.int(0, 400)), date_assign: random.datetime('2023-10-01', '2024-12-01'), date_end: null,
      allocated_hours: random.int(0, 40), effective_hours: random.int(0, 45), partner_id: random.pick([9, 10, 11, null]), company_id: 1, active: index % 20 !== 19,
    };
  }));
  tables.set('project_task_user_rel', Array.from({ length: 80 }, (_, index) => ({ task_id: index + 1, user_id: 2 + (index % 4) })));
}
