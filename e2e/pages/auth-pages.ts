import type { Page } from 'playwright-core';
import { codeIn, linkIn, type ReceivedMail } from '#app/test/smtp.ts';

/** Page helpers for the sign-up, confirmation and two-step sign-in screens. */
export class SignupPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto('/signup');
  }
  async fill(name: string, email: string, password: string, confirm = password) {
    await this.page.getByLabel('Full name').fill(name);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password').fill(confirm);
  }
  submit() {
    return this.page.getByRole('button', { name: 'Create Account' }).click();
  }
}

export class LoginPage {
  constructor(readonly page: Page) {}
  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }
  async enterCode(code: string) {
    await this.page.getByLabel('Verification code').fill(code);
    await this.page.getByRole('button', { name: 'Complete Login' }).click();
  }
}

export const confirmationLink = (mail: ReceivedMail) => linkIn(mail, '/confirm-email');
export const loginCode = codeIn;
