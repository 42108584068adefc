import '../../test/setup-dom';
import { LoginResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAccount } from '../../lib/session';
import { STORE_ID } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

let posted: unknown[] = [];
let answer: () => Response;
beforeEach(() => {
  localStorage.clear();
  posted = [];
  answer = () => reply(LoginResponse, { accessToken: 'AT', refreshToken: 'RT', storeId: STORE_ID });
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
    handlers.stores(),
  );
});
afterEach(() => {
  cleanup();
});

async function open() {
  const app = renderApp('/auth/login', fakeSession(null));
  await screen.findByRole('heading', { name: 'Sign in to Dashboard' }, SCREEN_LOAD);
  const email = screen.getByLabelText('Email', { exact: true }) as HTMLInputElement;
  const password = screen.getByLabelText('Password', { exact: true }) as HTMLInputElement;
  const submit = screen.getByRole('button', { name: 'Sign In' });
  const type = (el: HTMLInputElement, v: string) => fireEvent.change(el, { target: { value: v } });
  return { ...app, email, password, submit, type };
}

describe('login screen (spec §2, §5)', () => {
  it('has the title, fields, toggle, forgot link and Sign In button', async () => {
    const { password } = await open();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot');
    expect(password.type).toBe('password');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
    expect(password.closest('form')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('type')).toBe('submit'); // Enter submits
  });

  it('shows no error before a submit attempt', async () => {
    const { email, type } = await open();
    type(email, 'abc');
    fireEvent.blur(email);
    expect(screen.queryByText('Email must have at least 5 letters.')).toBeNull();
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('an empty submit shows both required messages and sends nothing', async () => {
    const { submit } = await open();
    fireEvent.click(submit);
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it.each([
    ['     ', 'x'.repeat(5), 'Email is required', null],
    ['abc', 'abc', 'Invalid Email', 'Password must have at least 5 letters.'],
    ['a@b', 'abcde', 'Invalid Email', null],
    [`${'a'.repeat(40)}@example.com`, 'abcde', 'Email must have at most 50 letters.', null],
    ['abcdef', 'abcde', 'Invalid Email', null],
    ['owner@@demo.test', 'abcde', 'Invalid Email', null],
    ['owner@demo.test', '    ', null, 'Password is required'],
    ['owner@demo.test', 'abcd', null, 'Password must have at least 5 letters.'],
    ['owner@demo.test', ' abcd ', null, 'Password must have at least 5 letters.'],
    ['owner@demo.test', 'p'.repeat(51), null, 'Password must have at most 50 letters.'],
  ])('email %j / password %j → %s %s', async (e, p, emailMsg, passwordMsg) => {
    const { email, password, submit, type } = await open();
    type(email, e);
    type(password, p);
    fireEvent.click(submit);
    if (emailMsg) expect(await screen.findByText(emailMsg)).toBeTruthy();
    if (passwordMsg) expect(await screen.findByText(passwordMsg)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('boundaries: 5 and 50 characters pass', async () => {
    const { email, password, submit, type, router } = await open();
    type(email, `${'a'.repeat(38)}@example.com`); // 50
    type(password, 'abcde');
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/shop'));
  });

  it('errors follow the typing after a submit attempt', async () => {
    const { email, submit, type } = await open();
    fireEvent.click(submit);
    expect(await screen.findByText('Email is required')).toBeTruthy();
    type(email, 'abc');
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    type(email, `${'a'.repeat(40)}@example.com`);
    expect(await screen.findByText('Email must have at most 50 letters.')).toBeTruthy();
  });

  it('success posts trimmed inputs, stores accessToken, refreshToken and storeId, then goes to shop selection', async () => {
    const { email, password, submit, type, router } = await open();
    type(email, '  owner@demo.test ');
    type(password, ' backroom-demo ');
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/shop'));
    expect(posted).toEqual([{ email: 'owner@demo.test', password: 'backroom-demo' }]);
    expect(readAccount()).toMatchObject({ accessToken: 'AT', refreshToken: 'RT', storeId: '00000000-0000-4000-8000-0000000000aa' });
  });

  it('a failure shows the returned messages in an error notification', async () => {
    answer = () => fail(401, 'UNAUTHORIZED', ['Email or password is incorrect']);
    const { email, password, submit, type, router } = await open();
    type(email, 'owner@demo.test');
    type(password, 'wrong-password');
    fireEvent.click(submit);
    expect(await screen.findByText('Email or password is incorrect')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(readAccount().accessToken).toBeNull();
  });

  it("a failure without messages says exactly 'Oops! Unknown error!'", async () => {
    answer = () => fail(500, 'INTERNAL', []);
    const { email, password, submit, type } = await open();
    type(email, 'owner@demo.test');
    type(password, 'whatever1');
    fireEvent.click(submit);
    expect(await screen.findByText('Oops! Unknown error!')).toBeTruthy();
  });
});

describe('login rules (spec §5 messages, exact)', () => {
  it('e-mail: required, then format, then length 5–50', async () => {
    const { LoginForm } = await import('./login-form');
    const { LOGIN_MESSAGES } = await import('../../lib/form-rules');
    const { errorOf } = await import('../../test/form-errors');
    const loginRules = {
      email: (email: string) => errorOf(LoginForm, { email, password: 'abcde' }, 'email'),
      password: (password: string) => errorOf(LoginForm, { email: 'owner@demo.test', password }, 'password'),
    };
    expect(LOGIN_MESSAGES).toEqual({
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid Email',
      emailMin: 'Email must have at least 5 letters.',
      emailMax: 'Email must have at most 50 letters.',
      passwordRequired: 'Password is required',
      passwordMin: 'Password must have at least 5 letters.',
      passwordMax: 'Password must have at most 50 letters.',
    });
    expect(loginRules.email('   ')).toBe('Email is required');
    expect(loginRules.email('abc')).toBe('Invalid Email');
    expect(loginRules.email(`${'a'.repeat(38)}@example.com`)).toBeNull(); // 50
    expect(loginRules.email(`${'a'.repeat(39)}@example.com`)).toBe('Email must have at most 50 letters.'); // 51
    expect(loginRules.password('abcd')).toBe('Password must have at least 5 letters.');
    expect(loginRules.password('abcde')).toBeNull();
    expect(loginRules.password('p'.repeat(50))).toBeNull();
    expect(loginRules.password('p'.repeat(51))).toBe('Password must have at most 50 letters.');
  });
});
