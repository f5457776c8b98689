import type { Locator, Page } from 'playwright-core';

/**
 * Page helpers for revoking every API key at once: the settings page's "API keys" section (#api-key-revocation)
 * with its confirmation dialog, and the page the password-reset notice links to (/revoke-api-keys?token=...).
 */
export class RevokeKeysSection {
  constructor(readonly page: Page) {}
  get section(): Locator {
    return this.page.locator('#api-key-revocation');
  }
  /** The section's red button (its name in the UI language). */
  button(name = 'Revoke all API keys'): Locator {
    return this.section.getByRole('button', { name, exact: true });
  }
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  /** A button of the dialog's footer (the header's close button carries the "Cancel" label too). */
  footerButton(name: string): Locator {
    return this.dialog().getByRole('button', { name, exact: true }).filter({ hasText: name });
  }
  /** The green banner shown once keys were revoked. */
  banner(): Locator {
    return this.section.getByRole('status');
  }
}

/** /revoke-api-keys?token=...: the title, the explanation and one red button; then done or "no longer valid". */
export class RevokeKeysLinkPage {
  constructor(readonly page: Page) {}
  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, exact: true });
  }
  buttons(): Locator {
    return this.page.locator('main').getByRole('button');
  }
  button(name = 'Revoke all API keys'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
}

/**
 * The elements inside `root` whose text does not fit their box (cut by `truncate`/overflow, or spilling out):
 * their text and the widths, for reporting. Only elements with their own text are looked at.
 */
export function clippedTexts(
  root: Locator,
): Promise<Array<{ text: string; scroll: number; client: number }>> {
  return root.evaluate((el) => {
    const out: Array<{ text: string; scroll: number; client: number }> = [];
    for (const e of [el, ...Array.from(el.querySelectorAll('*'))] as HTMLElement[]) {
      const own = Array.from(e.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!own || e.clientWidth === 0) continue;
      if (e.scrollWidth > e.clientWidth + 1) {
        out.push({ text: (e.textContent ?? '').trim(), scroll: e.scrollWidth, client: e.clientWidth });
      }
    }
    return out;
  });
}
