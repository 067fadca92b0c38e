// Page collections: the list, a create form, and one collection's summary cards, trend chart, members and warnings.
import uPlot from '../../lib/uplot/dist/uPlot.esm.js';
import { api, get, query } from '../api.js';
import { h, mount, table, when } from '../dom.js';
import { buildForm, compact } from '../forms.js';

const PATH = '/external/v1/page-collections';
const SUMMARY = [
  ['total_visits', 'Visits'], ['unique_users', 'Unique users'], ['avg_time_seconds', 'Avg. time (s)'],
  ['engagement_score', 'Engagement'], ['friction_score', 'Friction'], ['error_count', 'Errors'],
  ['rage_click_count', 'Rage clicks'], ['drop_off_rate', 'Drop-off rate'], ['member_pages', 'Pages'],
];
const SERIES = [['total_visits', 'Visits', '#1f6feb'], ['unique_users', 'Unique users', '#1a7f37'], ['error_count', 'Errors', '#b42318']];

export async function render(view, [collectionId]) {
  if (collectionId) return detail(view, collectionId);
  const { collections } = await get(PATH);
  const create = buildForm([
    { name: 'name', label: 'Name', required: true },
    { name: 'description', label: 'Description', nullable: true },
    { name: 'url_patterns', label: 'URL patterns', type: 'list', hint: 'Path prefixes, comma-separated: /checkout, /billing' },
  ], {}, {
    submitLabel: 'Create collection',
    onSubmit: async body => {
      const created = await api('POST', PATH, compact(body));
      location.hash = `#/collections/${encodeURIComponent(created.collection_id)}`;
    },
  });
  mount(view, h('h1', {}, 'Page collections'),
    table('Collections', [
      ['Name', c => h('a', { href: `#/collections/${encodeURIComponent(c.collection_id)}` }, c.name)],
      ['Description', c => c.description], ['Pages', c => c.member_pages_count], ['Updated', c => when(c.updated_at)],
    ], collections ?? [], 'No collections yet.'),
    h('section', { class: 'card', 'aria-labelledby': 'new-collection' }, h('h2', { id: 'new-collection' }, 'New collection'), create));
}

async function detail(view, collectionId) {
  const params = { interval: 'daily', start: '', end: '' };
  const body = h('div');
  const interval = h('select', { id: 'trend-interval' }, ['hourly', 'daily', 'weekly', 'monthly'].map(i => h('option', { value: i, selected: i === 'daily' }, i)));
  const start = h('input', { id: 'trend-start', type: 'date' });
  const end = h('input', { id: 'trend-end', type: 'date' });
  const controls = h('form', { class: 'toolbar', onsubmit: event => {
    event.preventDefault();
    Object.assign(params, { interval: interval.value, start: start.value, end: end.value });
    load();
  } },
  h('div', { class: 'field' }, h('label', { for: 'trend-interval' }, 'Interval'), interval),
  h('div', { class: 'field' }, h('label', { for: 'trend-start' }, 'From'), start),
  h('div', { class: 'field' }, h('label', { for: 'trend-end' }, 'To'), end),
  h('button', { type: 'submit' }, 'Show'));
  const title = h('h1', {}, 'Collection');

  async function load() {
    const analytics = await get(query(`${PATH}/${encodeURIComponent(collectionId)}`, params));
    title.textContent = analytics.name;
    const chart = h('figure', { class: 'chart', id: 'trend-chart', 'aria-labelledby': 'trend-caption' },
      h('figcaption', { id: 'trend-caption' }, `Trend, ${analytics.start} to ${analytics.end}`));
    mount(body,
      analytics.description ? h('p', {}, analytics.description) : null,
      (analytics.warnings ?? []).length ? h('ul', { class: 'notice', 'aria-label': 'Warnings' },
        analytics.warnings.map(w => h('li', {}, `${w.message} (${w.code})`))) : null,
      h('div', { class: 'cards', role: 'list', 'aria-label': 'Summary' }, SUMMARY.map(([key, name]) =>
        h('div', { class: 'metric', role: 'listitem' }, h('span', { class: 'value' }, format(analytics.summary?.[key])), h('span', { class: 'name' }, name)))),
      chart,
      h('h2', {}, 'Members'),
      table('Member pages', [
        ['Page', m => m.title || m.display_url], ['URL', m => m.display_url], ['Matched by', m => (m.matched_by ?? []).join(', ')],
        ['Visits', m => m.total_visits], ['Users', m => m.unique_users], ['Errors', m => m.error_count],
      ], analytics.members ?? [], 'No member pages yet.'));
    draw(chart, analytics.trend ?? []);
  }

  mount(view, h('p', {}, h('a', { href: '#/collections' }, '← Collections')), title, controls, body);
  await load();
}

function draw(figure, trend) {
  const x = trend.map(point => Date.parse(point.bucket) / 1000);
  const data = [x, ...SERIES.map(([key]) => trend.map(point => point[key] ?? 0))];
  const width = () => Math.max(280, figure.clientWidth - 20);
  const plot = new uPlot({
    width: width(), height: 260,
    series: [{}, ...SERIES.map(([, label, stroke]) => ({ label, stroke, width: 2, points: { show: true } }))],
    axes: [{}, { label: 'count' }],
  }, data, figure);
  plot.root.querySelector('canvas')?.setAttribute('role', 'img');
  plot.root.querySelector('canvas')?.setAttribute('aria-label',
    `Trend of visits, unique users and errors over ${trend.length} buckets; total visits ${data[1].reduce((a, b) => a + b, 0)}`);
  new ResizeObserver(() => plot.setSize({ width: width(), height: 260 })).observe(figure);
}

function format(value) {
  if (value === null || value === undefined) return '—';
  return Number.isInteger(value) ? String(value) : Number(value).toFixed(2);
}
