import type { Page } from 'playwright-core';
import type { RunningServer } from '../support/server.ts';
import { confirmationLink, LoginPage, loginCode, SignupPage } from './auth-pages.ts';

/** A merchant signs up in the browser, confirms the e-mail from the real SMTP server, and signs in with the code. */
export async function signUpAndSignIn(
  page: Page,
  server: RunningServer,
  { name, email, password }: { name: string; email: string; password: string },
) {
  const signup = new SignupPage(page);
  await signup.open();
  await signup.fill(name, email, password);
  await signup.submit();
  await page
    .getByText('Account created successfully! Please check your email to confirm your account.')
    .waitFor();
  const mail = await server.smtp.waitForMail(email, { subject: /confirm/i });
  await page.goto(confirmationLink(mail));
  await page.getByText('Email confirmed').waitFor();
  await signIn(page, server, { email, password });
}

/** An existing merchant signs in on /login: password, then the code mailed by the real SMTP server. */
export async function signIn(
  page: Page,
  server: RunningServer,
  { email, password }: { email: string; password: string },
) {
  await page.goto('/login');
  const login = new LoginPage(page);
  const before = server.smtp.mails.length;
  await login.signIn(email, password);
  // A loaded machine may take more than the default 5 s to send the code.
  const codeMail = await server.smtp.waitForMail(email, {
    after: before,
    subject: /code/i,
    timeoutMs: 20_000,
  });
  await login.enterCode(loginCode(codeMail));
  await page.waitForURL(/\/dashboard$/);
}

/** Collects uncaught page errors and console errors (failed resource loads aside: expected 4xx replies). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return errors;
}

/** The page is no wider than the viewport. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Waits until `read` returns a value `ok` accepts; returns it. The limit is a guard against a hang: journeys run
 * beside the other suites on CI's two cores, where a step of a second alone can take fifteen.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
