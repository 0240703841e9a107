import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Layout } from '../../src/app/layout.tsx';
import { renderUi } from '../render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route chunks preload on intent', () => {
  it('starts loading a link’s page when it is hovered or focused', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ user: null }), { headers: { 'content-type': 'application/json' } })));
    const preload = vi.fn();
    renderUi(<Layout preload={preload} />, '/about');
    const link = (await screen.findAllByRole('link', { name: 'Categories' }))[0]!;
    fireEvent.pointerOver(link);
    expect(preload).toHaveBeenCalledWith('/Category');
    preload.mockClear();
    fireEvent.focusIn(screen.getAllByRole('link', { name: 'About' })[0]!);
    expect(preload).toHaveBeenCalledWith('/about');
  });
});
