import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Component as LandingPage } from '../../src/features/landing/routes/landing-page.tsx';
import { renderUi } from '../render.tsx';

afterEach(cleanup);

const section = (name: string) => screen.getByRole('region', { name });

describe('landing page', { timeout: 30_000 }, () => {
  it('has one h1 and a Get Started link to login', () => {
    renderUi(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/login');
    expect(within(section('How It Works')).getAllByRole('listitem')).toHaveLength(4);
  });

  it('links service cards to the services list and material cards to the materials list', () => {
    renderUi(<LandingPage />);
    const services = section('Services');
    expect(within(services).getByRole('link', { name: /^Civil Engineer/ }).getAttribute('href')).toBe('/service?search=Civil%20Engineer');
    expect(within(services).getByRole('link', { name: 'View all categories' }).getAttribute('href')).toBe('/Category');
    const materials = section('Construction Materials');
    expect(within(materials).getByRole('link', { name: /^Cement/ }).getAttribute('href')).toBe('/product?search=Cement');
    for (const img of within(materials).getAllByRole('presentation')) expect(img.getAttribute('loading')).toBe('lazy');
  });
});
