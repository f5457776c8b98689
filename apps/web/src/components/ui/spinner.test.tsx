import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('names itself for screen readers in the language of the page', () => {
    document.documentElement.lang = 'de';
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Wird geladen' })).toBeTruthy();
  });

  it('falls back to English for a language it does not know, and uses a given label', () => {
    document.documentElement.lang = 'pt-BR';
    const { unmount } = render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    unmount();
    render(<Spinner label="Cargando pagos…" />);
    expect(screen.getByRole('status', { name: 'Cargando pagos…' })).toBeTruthy();
  });
});
