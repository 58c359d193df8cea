/**
 * Error answers come from the SDK's catalogue: the message in the request's language, the
 * catalogue's status for the code, and on a 422 `data` (texts) beside `fields` (codes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, outboxCode, registerCustomer, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const es = { 'accept-language': 'es' };

describe('error answers', () => {
  it('answers a wrong one-time code with its field text in Spanish and its code', async () => {
    await registerCustomer(t.app, 'lang.errors@example.com');
    await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'lang.errors@example.com' } });
    const right = await outboxCode(t.app, 'lang.errors@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/code/verify',
      headers: es,
      payload: { login: 'lang.errors@example.com', code: wrong },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'El código no es correcto o ha vencido.',
      code: 'invalid_code',
      data: { code: ['El código no es correcto o ha vencido.'] },
      fields: { code: [{ code: 'invalid_code' }] },
    });
  });

  it('answers a service 422 with codes and params, in English and Spanish', async () => {
    const { token } = await registerCustomer(t.app, 'pw.errors@example.com', { password: 'Secret123' });
    const payload = { currentPassword: 'Wrong1234', password: 'Another123', passwordConfirmation: 'Another123' };
    const headers = { authorization: `Bearer ${token}` };
    const en = await call(t.app, { method: 'PUT', url: '/api/customer/password', headers, payload });
    const spanish = await call(t.app, { method: 'PUT', url: '/api/customer/password', headers: { ...headers, ...es }, payload });
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      code: 'validation_failed',
      data: { currentPassword: ['The current password is not correct.'] },
      fields: { currentPassword: [{ code: 'current_password_incorrect' }] },
    });
    expect(spanish.body).toMatchObject({
      message: 'Los datos enviados no son válidos.',
      data: { currentPassword: ['La contraseña actual no es correcta.'] },
      fields: { currentPassword: [{ code: 'current_password_incorrect' }] },
    });
  });

  it('answers what Fastify refuses with catalogue codes, in Spanish too', async () => {
    const missing = await call(t.app, { method: 'GET', url: '/api/nothing-here?x=1', headers: es });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Página no encontrada: /api/nothing-here', code: 'not_found' });

    const badJson = await call(t.app, {
      method: 'POST',
      url: '/api/auth/code',
      headers: { ...es, 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ message: 'No se pudo leer la solicitud.', code: 'bad_request' });

    const tooLarge = await call(t.app, {
      method: 'POST',
      url: '/api/auth/code',
      headers: { ...es, 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'x'.repeat(300 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'La solicitud es demasiado grande.', code: 'payload_too_large' });

    // A body of a type no parser reads: Fastify's 415, answered with its own catalogue code.
    const media = await call(t.app, {
      method: 'POST',
      url: '/api/auth/code',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'login=x',
    });
    expect(media.status).toBe(415);
    expect(media.body).toEqual({ message: 'This content type is not supported. Send JSON.', code: 'unsupported_media_type' });
    const mediaEs = await call(t.app, {
      method: 'POST',
      url: '/api/auth/code',
      headers: { ...es, 'content-type': 'application/xml' },
      payload: '<login>x</login>',
    });
    expect(mediaEs.status).toBe(415);
    expect(mediaEs.body).toEqual({
      message: 'Este tipo de contenido no es compatible. Envíe JSON.',
      code: 'unsupported_media_type',
    });
  });
});
