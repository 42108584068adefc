import '../../test/setup-dom';
import { MessageResponse, RegisterCheckResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/** The bodies the app sent, by URL (`undefined` without a body). */
const sent = () => calls().map((c) => ({ url: c.url, body: c.init?.body ? JSON.parse(String(c.init.body)) : undefined }));

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('/api/auth/register-check', ({ request }) =>
      reply(RegisterCheckResponse, { allowed: new URL(request.url).searchParams.get('sk') === 'good-key' }),
    ),
    http.post('/api/auth/forgot', () =>
      reply(MessageResponse, { ok: true, messages: ['If an account exists for this e-mail, we have sent a link.'] }),
    ),
    http.post('/api/auth/reset', () => fail(400, 'BAD_REQUEST', ['token: This link is invalid or has expired.'])),
  );
});
afterEach(cleanup);

describe('sign-up link on the login screen (spec §2)', () => {
  it('shows only when sk is the partner key', async () => {
    renderApp('/auth/login?sk=good-key', fakeSession(null));
    const link = await screen.findByRole('link', { name: 'Create your store' }, SCREEN_LOAD);
    expect(link.getAttribute('href')).toBe('/auth/register?sk=good-key');
  });
  it('stays hidden for another key, after the server said no', async () => {
    renderApp('/auth/login?sk=bad-key', fakeSession(null));
    await screen.findByRole('heading', { name: 'Sign in to Dashboard' }, SCREEN_LOAD);
    await waitFor(() => expect(sent().some((c) => c.url === '/api/auth/register-check?sk=bad-key')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Create your store' })).toBeNull();
  });
  it('stays hidden without sk, and does not even ask', async () => {
    renderApp('/auth/login', fakeSession(null));
    await screen.findByRole('heading', { name: 'Sign in to Dashboard' }, SCREEN_LOAD);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Create your store' })).toBeNull();
    expect(sent().some((c) => c.url.startsWith('/api/auth/register-check'))).toBe(false);
  });
});

describe('/auth/forgot', () => {
  it('validates after a submit attempt, then shows the server text instead of the form', async () => {
    renderApp('/auth/forgot', fakeSession(null));
    const email = (await screen.findByLabelText(/^Email/, {}, SCREEN_LOAD)) as HTMLInputElement;
    expect(screen.queryByText('Email is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(sent().filter((c) => c.url === '/api/auth/forgot')).toEqual([]);
    fireEvent.change(email, { target: { value: '  me@shop.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/we have sent a link/)).toBeTruthy();
    expect(sent().find((c) => c.url === '/api/auth/forgot')?.body).toEqual({ email: 'me@shop.test' });
  });
});

describe('/auth/reset', () => {
  it('says the link is incomplete without a token', async () => {
    renderApp('/auth/reset', fakeSession(null));
    expect(await screen.findByText('This link is incomplete', {}, SCREEN_LOAD)).toBeTruthy();
  });
  it('needs the same password twice and shows a refused token in the form', async () => {
    renderApp('/auth/reset?token=abcdefghijkl', fakeSession(null));
    const pw = (await screen.findByLabelText(/^New password/, {}, SCREEN_LOAD)) as HTMLInputElement;
    const confirm = screen.getByLabelText(/^Confirm new password/) as HTMLInputElement;
    fireEvent.change(pw, { target: { value: 'abcde-fgh' } });
    fireEvent.change(confirm, { target: { value: 'abcde-fgx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    fireEvent.change(confirm, { target: { value: 'abcde-fgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('This link is invalid or has expired.', { exact: false })).toBeTruthy();
    await waitFor(() =>
      expect(sent().find((c) => c.url === '/api/auth/reset')?.body).toEqual({ token: 'abcdefghijkl', password: 'abcde-fgh' }),
    );
  });
});

describe('/auth/register', () => {
  it('is closed without the partner key', async () => {
    renderApp('/auth/register?sk=bad-key', fakeSession(null));
    expect(await screen.findByText('Sign-up is by invitation', {}, SCREEN_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create store' })).toBeNull();
  });
  it('opens the form with the key', async () => {
    renderApp('/auth/register?sk=good-key', fakeSession(null));
    expect(await screen.findByRole('button', { name: 'Create store' }, SCREEN_LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByText('Store name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });
});
