import { afterEach, describe, expect, it } from 'vitest';
import { keepEarlyTaps } from '../../src/lib/early-taps.tsx';

/** Taps on a server-rendered page before React owns it are clicked again once it does (docs/decisions/023). */
describe('keepEarlyTaps', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const page = () => {
    document.body.innerHTML = `
      <div id="root">
        <button id="more">+</button>
        <button id="add"><span>Add to Cart</span></button>
        <button id="off" disabled>Sold out</button>
        <form><input name="search"><button id="search" type="submit">Search</button></form>
        <button id="gone">Buy Now</button>
      </div>`;
    const heard: string[] = [];
    // Where React listens: the app's container.
    document.getElementById('root')!.addEventListener('click', (e) => heard.push((e.target as Element).closest('button')!.id));
    const el = (id: string) => document.getElementById(id) as HTMLButtonElement;
    return { heard, more: el('more'), add: el('add'), off: el('off'), search: el('search'), gone: el('gone') };
  };
  const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('holds taps from the app until it has taken over, then clicks each again in order, a repeated tap once', async () => {
    const { heard, more, add } = page();
    const replay = keepEarlyTaps();
    more.click();
    add.querySelector('span')!.click();
    add.click();
    expect(heard, 'held while the app is not ready').toEqual([]);
    replay();
    await nextTasks();
    expect(heard).toEqual(['more', 'add']);
  });

  it('replays each tap in a task of its own, so the one before has rendered', async () => {
    const { heard, more, add } = page();
    const replay = keepEarlyTaps();
    more.click();
    add.click();
    replay();
    expect(heard).toEqual(['more']);
    await nextTasks();
    expect(heard).toEqual(['more', 'add']);
  });

  it('holds a form\'s submit too, with no submission by the browser meanwhile, and drops a disabled button and one no longer on the page', async () => {
    const { heard, off, search, gone } = page();
    let submitted = 0;
    search.form!.addEventListener('submit', (e) => {
      submitted += 1;
      e.preventDefault();
    });
    const replay = keepEarlyTaps();
    off.click();
    search.click();
    gone.click();
    gone.remove();
    expect(heard, 'held while the app is not ready').toEqual([]);
    expect(submitted, 'the browser submitted nothing (it would reload the page)').toBe(0);
    replay();
    await nextTasks();
    expect(heard).toEqual(['search']);
    expect(submitted).toBe(1);
  });

  it('stops holding taps once the app has taken over', async () => {
    const { heard, add } = page();
    keepEarlyTaps()();
    add.click();
    await nextTasks();
    expect(heard).toEqual(['add']);
  });
});
