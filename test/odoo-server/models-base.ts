/** Base models: companies, countries, currencies, users, partners, products, chatter messages. */
import { field, many2many, many2one, one2many, selection, type ModelDefinition } from './model-types.ts';

/** SQL for a translated jsonb column in the context language, falling back to en_US as Odoo does. */
export function translated(column: string, langLiteral: string): string {
  return `COALESCE(${column}->>${langLiteral}, ${column}->>'en_US')`;
}

const active = field('boolean', 'Active');

export const BASE_MODELS: ModelDefinition[] = [
  {
    name: 'res.company', description: 'Companies', table: 'res_company', order: 'sequence, name',
    fields: {
      name: field('char', 'Company Name', { required: true }),
      sequence: field('integer', 'Sequence'),
      currency_id: many2one('res.currency', 'Currency', { required: true }),
      partner_id: many2one('res.partner', 'Partner', { required: true }),
      country_id: many2one('res.country', 'Country'),
      active,
    },
  },
  {
    name: 'res.country', description: 'Country', table: 'res_country', order: 'name',
    displayName: (alias, lang) => translated(`${alias}.name`, lang),
    fields: {
      name: field('char', 'Country Name', { required: true, translate: true }),
      code: field('char', 'Country Code'),
      currency_id: many2one('res.currency', 'Currency'),
    },
  },
  {
    name: 'res.currency', description: 'Currency', table: 'res_currency', order: 'active desc, name',
    fields: {
      name: field('char', 'Currency', { required: true }),
      symbol: field('char', 'Symbol', { required: true }),
      rate: field('float', 'Current Rate', { aggregator: 'avg' }),
      active,
    },
  },
  {
    name: 'res.users', description: 'User', table: 'res_users', order: 'name, login',
    displayName: (alias) => `(SELECT p.name FROM res_partner p WHERE p.id = ${alias}.partner_id)`,
    fields: {
      name: field('char', 'Name', { related: 'partner_id.name' }),
      login: field('char', 'Login', { required: true }),
      partner_id: many2one('res.partner', 'Related Partner', { required: true }),
      company_id: many2one('res.company', 'Company', { required: true }),
      company_ids: many2many('res.company', ['res_company_users_rel', 'user_id', 'cid'], 'Companies'),
      share: field('boolean', 'Share User'),
      active,
    },
  },
  {
    name: 'res.partner', description: 'Contact', table: 'res_partner', order: 'complete_name ASC, id DESC',
    displayName: (alias) => `${alias}.complete_name`, parentField: 'parent_id',
    fields: {
      name: field('char', 'Name'),
      complete_name: field('char', 'Complete Name'),
      is_company: field('boolean', 'Is a Company'),
      company_type: selection('Company Type', [['person', 'Individual'], ['company', 'Company']], {
        computed: (alias) => `CASE WHEN ${alias}.is_company THEN 'company' ELSE 'person' END`,
      }),
      type: selection('Address Type', [['contact', 'Contact'], ['invoice', 'Invoice Address'], ['delivery', 'Delivery Address'], ['other', 'Other Address']]),
      parent_id: many2one('res.partner', 'Related Company'),
      commercial_partner_id: many2one('res.partner', 'Commercial Entity', { readonly: true }),
      child_ids: one2many('res.partner', 'parent_id', 'Contact'),
      email: field('char', 'Email'),
      phone: field('char', 'Phone'),
      street: field('char', 'Street'),
      city: field('char', 'City'),
      zip: field('char', 'Zip'),
      country_id: many2one('res.country', 'Country'),
      vat: field('char', 'Tax ID'),
      ref: field('char', 'Reference'),
      user_id: many2one('res.users', 'Salesperson'),
      company_id: many2one('res.company', 'Company'),
      customer_rank: field('integer', 'Customer Rank'),
      supplier_rank: field('integer', 'Supplier Rank'),
      category_id: many2many('res.partner.category', ['res_partner_res_partner_category_rel', 'partner_id', 'category_id'], 'Tags'),
      sale_order_count: field('integer', 'Sale Order Count', {
        computed: (alias) => `(SELECT count(*)::int FROM sale_order s WHERE s.partner_id = ${alias}.id)`,
      }),
      active,
    },
  },
  {
    name: 'res.partner.category', description: 'Partner Tags', table: 'res_partner_category', order: 'name',
    fields: { name: field('char', 'Tag Name', { required: true, translate: false }), active },
  },
  {
    name: 'product.category', description: 'Product Category', table: 'product_category', order: 'complete_name',
    displayName: (alias) => `${alias}.complete_name`, parentField: 'parent_id',
    fields: {
      name: field('char', 'Name', { required: true }),
      complete_name: field('char', 'Complete Name'),
      parent_id: many2one('product.category', 'Parent Category'),
    },
  },
  {
    name: 'product.template', description: 'Product', table: 'product_template', order: 'priority desc, name',
    extraColumns: { standard_price: 'numeric' },
    displayName: (alias, lang) => `CASE WHEN ${alias}.default_code IS NOT NULL THEN '[' || ${alias}.default_code || '] ' ELSE '' END || ${translated(`${alias}.name`, lang)}`,
    fields: {
      name: field('char', 'Name', { required: true, translate: true }),
      priority: selection('Favorite', [['0', 'Normal'], ['1', 'Favorite']]),
      default_code: field('char', 'Internal Reference'),
      list_price: field('float', 'Sales Price'),
      standard_price: field('float', 'Cost', { computed: (alias) => `${alias}.standard_price` }),
      // 18 split "Storable Product" into type 'consu' plus is_storable; older versions see one selection.
      type: selection('Product Type', [['consu', 'Goods'], ['service', 'Service'], ['combo', 'Combo']], {
        required: true,
        legacy: {
          until: 17,
          changes: {
            selection: [['consu', 'Consumable'], ['service', 'Service'], ['product', 'Storable Product']],
            expression: (alias) => `CASE WHEN ${alias}.is_storable THEN 'product' WHEN ${alias}.type = 'combo' THEN 'consu' ELSE ${alias}.type END`,
          },
        },
      }),
      is_storable: field('boolean', 'Track Inventory', { since: 18 }),
      categ_id: many2one('product.category', 'Product Category', { required: true }),
      sale_ok: field('boolean', 'Can be Sold'),
      purchase_ok: field('boolean', 'Can be Purchased'),
      company_id: many2one('res.company', 'Company'),
      product_variant_ids: one2many('product.product', 'product_tmpl_id', 'Products'),
      qty_available: field('float', 'Quantity On Hand', {
        computed: (alias) => `(SELECT COALESCE(sum(q.quantity), 0)::float FROM stock_quant q JOIN product_product pp ON pp.id = q.product_id JOIN stock_location l ON l.id = q.location_id WHERE pp.product_tmpl_id = ${alias}.id AND l.usage = 'internal')`,
      }),
      active,
    },
  },
  {
    name: 'product.product', description: 'Product Variant', table: 'product_product', order: 'default_code, id',
    displayName: (alias, lang) => `(SELECT CASE WHEN ${alias}.default_code IS NOT NULL THEN '[' || ${alias}.default_code || '] ' ELSE '' END || ${translated('t.name', lang)} FROM product_template t WHERE t.id = ${alias}.product_tmpl_id)`,
    fields: {
      product_tmpl_id: many2one('product.template', 'Product Template', { required: true }),
      name: field('char', 'Name', { related: 'product_tmpl_id.name' }),
      default_code: field('char', 'Internal Reference'),
      barcode: field('char', 'Barcode'),
      categ_id: many2one('product.category', 'Product Category', { related: 'product_tmpl_id.categ_id' }),
      list_price: field('float', 'Sales Price', { related: 'product_tmpl_id.list_price' }),
      company_id: many2one('res.company', 'Company', { related: 'product_tmpl_id.company_id' }),
      active,
    },
  },
  {
    name: 'mail.message', description: 'Message', table: 'mail_message', order: 'id desc',
    displayName: (alias) => `COALESCE(${alias}.subject, ${alias}.model || ',' || ${alias}.res_id)`,
    fields: {
      subject: field('char', 'Subject'),
      body: field('html', 'Contents'),
      model: field('char', 'Related Document Model'),
      res_id: field('integer', 'Related Document ID', { aggregator: 'count' }),
      message_type: selection('Type', [['email', 'Incoming Email'], ['comment', 'Comment'], ['notification', 'System notification']]),
      date: field('datetime', 'Date'),
      author_id: many2one('res.partner', 'Author'),
    },
  },
];
