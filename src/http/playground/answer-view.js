// Draws a json answer: the sentence, the figures (vega-embed), the tables (sortable, exact values),
// the interpretation and assumptions, the SQL with its parameter values.

/** Creates an element with properties and children (strings become text, never HTML). */
export function element(tag, properties = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name in node) node[name] = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** @param {HTMLElement} container */
export function renderTables(tables, container) {
  container.replaceChildren(...tables.map((table, index) => renderTable(table, index)));
}

function renderTable(table, index) {
  const numeric = table.columns.map((column) => column.type === 'integer' || column.type === 'number');
  const body = element('tbody');
  const headers = table.columns.map((column, columnIndex) => {
    const label = column.unit ? `${column.label} (${column.unit})` : column.label;
    const button = element('button', { type: 'button', className: 'sort', title: `Sort by ${label}` }, [label]);
    const header = element('th', { scope: 'col', className: numeric[columnIndex] ? 'number' : '', dataset: { column: column.name } }, [button]);
    button.addEventListener('click', () => {
      const ascending = header.getAttribute('aria-sort') !== 'ascending';
      for (const other of headers) other.removeAttribute('aria-sort');
      header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      fillRows(body, sortRows(table.rows, columnIndex, ascending), numeric);
    });
    return header;
  });
  fillRows(body, table.rows, numeric);
  const caption = table.truncated
    ? [element('caption', {}, [`First ${table.rows.length} of ${table.rowCount} rows`])]
    : [element('caption', { className: 'muted' }, [`${table.rowCount} ${table.rowCount === 1 ? 'row' : 'rows'}`])];
  return element('div', { className: 'table-scroll' }, [
    element('table', { className: 'answer-table', id: `answer-table-${index}` }, [
      ...caption, element('thead', {}, [element('tr', {}, headers)]), body,
    ]),
  ]);
}

function fillRows(body, rows, numeric) {
  body.replaceChildren(...rows.map((row) => element('tr', {}, row.map((value, columnIndex) =>
    element('td', { className: [numeric[columnIndex] ? 'number' : '', value === null ? 'null' : ''].join(' ').trim() }, [exactText(value)])))));
}

/** The value as the API sent it: numbers unrounded, dates as stored; null shown as a dash. */
function exactText(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A sorted copy: numbers by value, text in natural order, nulls last in both directions. */
export function sortRows(rows, columnIndex, ascending) {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const direction = ascending ? 1 : -1;
  return [...rows].sort((left, right) => {
    const a = left[columnIndex];
    const b = right[columnIndex];
    if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
    if (b === null || b === undefined) return -1;
    if (typeof a === 'number' && typeof b === 'number') return (a - b) * direction;
    return collator.compare(String(a), String(b)) * direction;
  });
}

/**
 * Renders each figure with vega-embed in `ast` mode: expressions are interpreted by the
 * vega-interpreter bundled in vega-embed, so nothing is compiled with eval and the page's
 * Content-Security-Policy needs no 'unsafe-eval'. vega-embed's and vega-tooltip's injected
 * <style> elements are turned off (the policy would refuse them); playground.css styles both.
 */
export async function renderCharts(figures, container) {
  container.replaceChildren();
  for (const figure of figures) {
    const target = element('div', { className: 'chart', dataset: { kind: figure.kind } });
    container.append(element('figure', {}, [target]));
    // The spec names Vega-Lite v5's schema; the page runs v6, which reads it the same.
    const { $schema: _schema, ...spec } = figure.vegaLite;
    try {
      await window.vegaEmbed(target, spec, {
        mode: 'vega-lite', renderer: 'svg', actions: false, ast: true, defaultStyle: false,
        tooltip: { disableDefaultStyle: true },
      });
    } catch (error) {
      target.replaceChildren(element('p', { className: 'error' }, [`The chart could not be drawn: ${error.message}`]));
    }
  }
}

export function renderReading(answer, dom) {
  dom.interpretation.textContent = answer.interpretation ?? '';
  const assumptions = Array.isArray(answer.assumptions) ? answer.assumptions : [];
  dom.assumptions.replaceChildren(...assumptions.map((assumption) => element('li', {}, [assumption])));
  dom.assumptionsBlock.hidden = assumptions.length === 0;
}

/** The SQL as sent to the database, and the values bound to its $1, $2… (or ?) placeholders. */
export function renderQuery(query, dom) {
  dom.sqlText.textContent = query?.text ?? '';
  const parameters = Array.isArray(query?.parameters) ? query.parameters : null;
  if (!parameters) {
    dom.sqlParameters.replaceChildren(element('p', { className: 'muted small' }, ['The answer carries no parameter values.']));
    return;
  }
  if (parameters.length === 0) {
    dom.sqlParameters.replaceChildren(element('p', { className: 'muted small' }, ['No parameters.']));
    return;
  }
  const placeholder = (index) => (query.dialect === 'mysql' ? `? #${index + 1}` : `$${index + 1}`);
  dom.sqlParameters.replaceChildren(element('table', { className: 'parameters' }, [
    element('thead', {}, [element('tr', {}, [element('th', {}, ['Parameter']), element('th', {}, ['Value'])])]),
    element('tbody', {}, parameters.map((value, index) =>
      element('tr', {}, [element('td', {}, [placeholder(index)]), element('td', {}, [JSON.stringify(value)])]))),
  ]));
}
