import { afterEach, describe, expect, it } from 'vitest';
import { hostedRoute, takePortalToken } from './hosted-route.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('hostedRoute', () => {
  it.each([
    ['/payment/lnk_abc', { page: 'payment', linkId: 'lnk_abc' }],
    ['/payment/lnk%20x/extra', { page: 'payment', linkId: 'lnk x' }],
    ['/embed/payment/lnk_abc', { page: 'payment', linkId: 'lnk_abc', embed: true }],
    ['/subscribe/plan_01', { page: 'subscribe', planId: 'plan_01' }],
    ['/subscribe/%E0%A4%A', { page: 'subscribe', planId: '%E0%A4%A' }],
    ['/subscription-portal', { page: 'portal' }],
    ['/subscription-portal/', { page: 'portal' }],
  ])('%s', (path, route) => {
    expect(hostedRoute(path)).toEqual(route);
  });
});

describe('takePortalToken', () => {
  it('takes the token out of the address bar and keeps the rest of the URL', () => {
    window.history.pushState({ kept: 1 }, '', '/subscription-portal?token=Abc_123-xyz&lang=es#top');
    expect(takePortalToken()).toBe('Abc_123-xyz');
    expect(window.location.pathname).toBe('/subscription-portal');
    expect(window.location.search).toBe('?lang=es');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain('Abc_123');
    expect(window.history.state).toEqual({ kept: 1 });
  });

  it('replaces the history entry rather than adding one (Back does not bring the token back)', () => {
    window.history.pushState(null, '', '/subscription-portal?token=Secret123');
    const entries = window.history.length;
    takePortalToken();
    expect(window.history.length).toBe(entries);
    expect(window.location.search).toBe('');
  });

  it('is null without a token', () => {
    window.history.pushState(null, '', '/subscription-portal?lang=de');
    expect(takePortalToken()).toBeNull();
    expect(window.location.search).toBe('?lang=de');
    window.history.pushState(null, '', '/subscription-portal?token=%20');
    expect(takePortalToken()).toBeNull();
    expect(window.location.search).toBe('');
  });
});
