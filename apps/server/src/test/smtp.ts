import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * How long a test waits for a mail: long enough for one retry. A mail job whose SMTP greeting timed out (10 s,
 * mail/mailer.ts) on a loaded machine is tried again after its 30 s backoff; on the CI machine of 2026-11-30 the
 * whole suite side by side made PGlite's test files wait 30-60 s for a few mails.
 */
export const MAIL_WAIT_MS = 75_000;

export type ReceivedMail = { to: string; subject: string; text: string; html: string; parsed: ParsedMail };

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, for tests. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({
            to: (to ?? '').toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /** The newest mail to `to` (matching `subject`, when given) arriving after `since` mails; waits MAIL_WAIT_MS. */
  async function waitForMail(
    to: string,
    opts: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + (opts.timeoutMs ?? MAIL_WAIT_MS);
    for (;;) {
      const found = mails
        .slice(opts.after ?? 0)
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)));
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no mail to ${to}${opts.subject ? ` matching ${opts.subject}` : ''}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a sign-in mail. */
export const codeIn = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
/** The first link to the app in a mail (confirmation, reset). */
export const linkIn = (mail: ReceivedMail, pathPart: string) =>
  new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`).exec(mail.text)?.[0] ?? '';
