import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../helpers.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];
let failNext = false;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (failNext) {
          failNext = false;
          const error = new Error('mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP notifier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, mailFrom: 'Shop <codes@shop.test>' },
    });
  });
  afterAll(async () => t?.close());

  it('sends the code by e-mail and records it as sent', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: 'mail@example.com' } });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('codes@shop.test');
    expect(mail.to).toEqual(['mail@example.com']);
    expect(mail.raw).toContain('Subject: Your registration code');
    const outbox = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=mail@example.com' });
    const [message] = outbox.body.messages as { code: string }[];
    expect(mail.raw).toContain(message!.code);
  });

  it('answers 503 code_request_failed without internals when the server refuses the mail', async () => {
    failNext = true;
    const res = await call(t.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: 'refused@example.com' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Failed to request authentication code', code: 'code_request_failed' });
  });

  it('keeps SMS in the outbox (no carrier)', async () => {
    const before = received.length;
    const res = await call(t.app, { method: 'POST', url: '/api/auth/register/code', payload: { login: '2025550177' } });
    expect(res.body).toEqual({ channel: 'sms', resendIn: 60 });
    expect(received.length).toBe(before);
    const outbox = await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=2025550177' });
    expect(outbox.body.messages).toHaveLength(1);
  });
});
