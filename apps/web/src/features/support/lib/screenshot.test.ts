import { describe, expect, it } from 'vitest';
import { showChosenOption } from './screenshot';

function groupSelect(): HTMLSelectElement {
  const select = document.createElement('select');
  for (const name of ['Groep 3a', 'Groep 4b', 'Groep 8']) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = name;
    select.append(option);
  }
  return select;
}

describe('the screenshot copy of a select', () => {
  it('shows the option the user chose, where a plain copy falls back to the first', () => {
    const select = groupSelect();
    select.value = 'Groep 8';
    const plainCopy = select.cloneNode(true);
    if (!(plainCopy instanceof HTMLSelectElement)) throw new Error('not a select');
    expect(plainCopy.value).toBe('Groep 3a');

    const copy = select.cloneNode(true);
    if (!(copy instanceof HTMLSelectElement)) throw new Error('not a select');
    copy.setAttribute('value', select.value); // what modern-screenshot writes into the copy
    showChosenOption(copy);
    expect(copy.value).toBe('Groep 8');
    expect([...copy.options].filter((option) => option.hasAttribute('selected'))).toHaveLength(1);
  });

  it('leaves other elements and a select without a value as they are', () => {
    const div = document.createElement('div');
    div.setAttribute('value', 'x');
    showChosenOption(div);
    expect(div.outerHTML).toBe('<div value="x"></div>');
    const select = groupSelect();
    showChosenOption(select);
    expect(select.value).toBe('Groep 3a');
  });
});
