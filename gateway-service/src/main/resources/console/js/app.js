// Sign-in, sign-out and hash routing: #/<page>/<id...>[?name=value...] loads pages/<page>.js and
// calls its render(view, ids, query); what a page left open (a socket, a player) is closed on the next route.
import { ApiError, get, session } from './api.js';
import { announce, h, leave, mount } from './dom.js';

const PAGES = {
  customers: 'Customers', companies: 'Companies', collections: 'Collections', sessions: 'Sessions',
  conversations: 'Conversations', alerts: 'Alerts', messages: 'Messages', tickets: 'Tickets', bot: 'Bot sources',
  settings: 'Settings',
};

const view = document.getElementById('view');
const nav = document.getElementById('nav');
const signOutButton = document.getElementById('sign-out');
const signInSection = document.getElementById('sign-in');

function showSignIn(message = '') {
  leave();
  nav.hidden = true;
  signOutButton.hidden = true;
  mount(view, signInSection);
  document.getElementById('api-key-error').textContent = message;
  document.getElementById('api-key').focus();
}

async function signIn(event) {
  event.preventDefault();
  const input = document.getElementById('api-key');
  const error = document.getElementById('api-key-error');
  const key = input.value.trim();
  input.removeAttribute('aria-invalid');
  if (!key) {
    error.textContent = 'Enter a data key.';
    input.setAttribute('aria-invalid', 'true');
    return;
  }
  session.signIn(key);
  try {
    await get('/external/v1/customers?page_size=1');
  } catch (failure) {
    session.signOut();
    error.textContent = failure instanceof ApiError && (failure.status === 401 || failure.status === 403)
      ? `This key was refused: ${failure.message}` : failure.message;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return;
  }
  input.value = '';
  if (!location.hash || location.hash === '#/') location.hash = '#/customers';
  else route();
}

function signOut() {
  session.signOut();
  history.replaceState(null, '', location.pathname);
  showSignIn();
  announce('Signed out');
}

async function route() {
  if (!session.key()) {
    showSignIn();
    return;
  }
  leave();
  nav.hidden = false;
  signOutButton.hidden = false;
  const [path, search = ''] = location.hash.replace(/^#\/?/, '').split(/\?(.*)/s);
  const [name = 'customers', ...params] = path.split('/').map(decodeURIComponent);
  const page = PAGES[name] ? name : 'customers';
  nav.querySelectorAll('a').forEach(a => a.toggleAttribute('aria-current', a.getAttribute('href') === `#/${page}`));
  nav.querySelectorAll('a[aria-current]').forEach(a => a.setAttribute('aria-current', 'page'));
  document.title = `${PAGES[page]} · Engagement console`;
  mount(view, h('p', { 'aria-busy': 'true' }, 'Loading…'));
  try {
    const module = await import(`./pages/${page}.js`);
    await module.render(view, params.filter(Boolean), new URLSearchParams(search));
  } catch (failure) {
    mount(view, h('h1', {}, PAGES[page]), h('p', { class: 'notice error', role: 'alert' }, failure.message));
  }
  view.dataset.page = page;
  view.dataset.route = location.hash;
  view.focus({ preventScroll: true });
  announce(`${PAGES[page]} loaded`);
}

document.getElementById('sign-in-form').addEventListener('submit', signIn);
signOutButton.addEventListener('click', signOut);
window.addEventListener('hashchange', route);
window.addEventListener('console:unauthorized', () => {
  session.signOut();
  showSignIn('The key is no longer accepted. Sign in again.');
});
route();
