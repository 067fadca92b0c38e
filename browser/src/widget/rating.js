import { el } from './dom.js';

// When an agent resolves the conversation, the panel says so and asks the visitor how it went.

const STARS = [1, 2, 3, 4, 5];

/** The rating card: five choices, an optional comment, and `onRate(rating, comment)` on submit. */
export function ratingForm(onRate) {
  let chosen = 0;
  const error = el('p', { class: 'error', role: 'alert', hidden: true });
  const stars = STARS.map((value) =>
    el('button', { type: 'button', class: 'star', 'data-engagement': 'rating-star', 'data-rating': String(value), 'aria-pressed': 'false',
      'aria-label': `${value} out of 5`, text: '\u2605' }));
  const comment = el('textarea', { name: 'comment', rows: 2, maxlength: 2000, 'data-engagement': 'rating-comment' });
  const submit = el('button', { type: 'submit', 'data-engagement': 'rating-send', text: 'Send rating', disabled: true });
  const element = el('form', { class: 'card', 'data-engagement': 'rating', 'aria-label': 'Rate this conversation' },
    el('p', { 'data-engagement': 'resolved-notice', text: 'This conversation was resolved. How did we do?' }),
    el('div', { class: 'stars', role: 'group', 'aria-label': 'Rating' }, stars),
    el('label', {}, 'Anything to add? (optional)', comment), submit, error);

  function choose(value) {
    chosen = value;
    stars.forEach((star, index) => {
      star.setAttribute('aria-pressed', String(index < value));
      star.classList.toggle('on', index < value);
    });
    submit.disabled = false;
  }

  stars.forEach((star, index) => star.addEventListener('click', () => choose(index + 1)));
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!chosen) return;
    submit.disabled = true;
    error.hidden = true;
    onRate(chosen, comment.value.trim())
      .catch((failure) => {
        error.textContent = (failure && failure.detail) || 'Your rating was not sent. Please try again.';
        error.hidden = false;
      })
      .finally(() => (submit.disabled = false));
  });
  return element;
}
