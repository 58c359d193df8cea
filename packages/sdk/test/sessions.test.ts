/**
 * The session endpoints (issue 17): the list of active sessions, ending one, and signing out of
 * all devices, which also forgets this client's tokens.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/client/index.js';
import { createMemoryStorage } from '../src/storage/index.js';
import { BASE, freshToken } from './fixtures.js';
import { server } from './msw-server.js';

const SESSION = '0b8e2f4c-6a1d-4c3e-9f57-2d8b1a6c9e40';

describe('sessions', () => {
  it('lists, ends one, and signs out of all devices (tokens forgotten)', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/api/auth/sessions`, () =>
        HttpResponse.json({
          sessions: [
            { id: SESSION, createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: '2026-01-03T10:00:00.000Z', current: true, device: 'Chrome · Windows' },
          ],
        }),
      ),
      http.delete(`${BASE}/api/auth/sessions/:id`, ({ params, request }) => {
        seen.push(`end ${String(params.id)} ${request.headers.get('authorization') ? 'signed' : 'anonymous'}`);
        return HttpResponse.json({ ok: true });
      }),
      http.delete(`${BASE}/api/auth/sessions`, () => {
        seen.push('end all');
        return HttpResponse.json({ ok: true });
      }),
      http.post(`${BASE}/api/auth/logout`, () => {
        seen.push('logout');
        return HttpResponse.json({ ok: true });
      }),
    );
    const storage = createMemoryStorage();
    const client = createClient({ baseUrl: BASE, tokens: storage });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    const listed = await client.auth.sessions();
    expect(listed.sessions).toEqual([expect.objectContaining({ id: SESSION, current: true, device: 'Chrome · Windows' })]);
    expect(await client.auth.endSession(SESSION)).toEqual({ ok: true });
    expect(client.isSignedIn()).toBe(true);

    await client.auth.signOutEverywhere();
    expect(seen).toEqual([`end ${SESSION} signed`, 'end all', 'logout']);
    expect(client.isSignedIn()).toBe(false);
  });
});
