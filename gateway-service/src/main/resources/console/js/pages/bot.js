// Bot training sources: upload, website, question and answer, and each source's status.
import { api, get } from '../api.js';
import { badge, h, mount, table, when } from '../dom.js';
import { buildForm, compact } from '../forms.js';

const PATH = '/external/v1/bot/sources';

export async function render(view) {
  let page;
  try {
    page = await get(`${PATH}?page_size=50`);
  } catch (failure) {
    if (failure.status !== 404) throw failure;
    mount(view, h('h1', {}, 'Bot sources'),
      h('p', { class: 'notice', role: 'status', id: 'bot-unavailable' }, 'Bot training sources are not available on this server.'));
    return;
  }
  const reload = () => render(view);
  const upload = buildForm([{ name: 'file', label: 'File (TXT, PDF, Markdown, Word)', type: 'file', accept: '.txt,.pdf,.md,.docx' }], {}, {
    submitLabel: 'Upload',
    onSubmit: async ({ file }) => {
      const body = new FormData();
      if (file) body.append('file', file);
      await api('POST', `${PATH}/files`, body);
      await reload();
    },
  });
  const website = buildForm([
    { name: 'url', label: 'Website URL', type: 'url', required: true },
    { name: 'refresh_frequency', label: 'Refresh', type: 'select', options: ['daily', 'weekly', 'monthly'] },
  ], { refresh_frequency: 'weekly' }, { submitLabel: 'Add website', onSubmit: async body => { await api('POST', `${PATH}/websites`, body); await reload(); } });
  const qna = buildForm([
    { name: 'question', label: 'Question', required: true },
    { name: 'answer', label: 'Answer', type: 'textarea', required: true },
  ], {}, { submitLabel: 'Add answer', onSubmit: async body => { await api('POST', `${PATH}/qna`, compact(body)); await reload(); } });
  mount(view, h('h1', {}, 'Bot sources'),
    table('Sources', [
      ['Name', s => s.name ?? s.question], ['Kind', s => s.kind], ['Status', s => badge(s.status)],
      ['Chunks', s => s.chunks], ['Indexed', s => when(s.indexed_at)], ['Error', s => s.error],
    ], page.data ?? [], 'No sources yet.'),
    h('div', { class: 'grid' },
      h('section', { class: 'card', 'aria-labelledby': 'bot-file' }, h('h2', { id: 'bot-file' }, 'Upload a file'), upload),
      h('section', { class: 'card', 'aria-labelledby': 'bot-web' }, h('h2', { id: 'bot-web' }, 'Website'), website),
      h('section', { class: 'card', 'aria-labelledby': 'bot-qna' }, h('h2', { id: 'bot-qna' }, 'Question and answer'), qna)));
}
