import '../../test/setup-dom';
import { type Domain, DomainListResponse, PendingDomainsResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_ID, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['domains'] });
const domain = (o: Partial<Domain>): Domain => ({
  id: crypto.randomUUID(),
  host: 'demo.localhost',
  displayHost: 'demo.localhost',
  domainType: 'SystemDefault',
  status: 'verified',
  reason: null,
  isPrimary: false,
  records: [],
  checkedAt: null,
  verifiedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...o,
});

beforeEach(() => {
  signInToDemoStore();
  const custom = domain({
    host: 'xn--bcher-kva.example',
    displayHost: 'bücher.example',
    domainType: 'Custom',
    status: 'failed',
    reason: 'The TXT record _backroom-verify.xn--bcher-kva.example with the value backroom-verify=abc was not found.',
    records: [
      { type: 'CNAME', name: 'xn--bcher-kva.example', value: 'demo.localhost' },
      { type: 'TXT', name: '_backroom-verify.xn--bcher-kva.example', value: 'backroom-verify=abc' },
    ],
  });
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/stores/config/domains/', () =>
      reply(DomainListResponse, { domains: [domain({}), custom], primaryHost: 'demo.localhost', url: 'http://demo.localhost:3000' }),
    ),
    http.get('/api/stores/config/pending-domains', () => reply(PendingDomainsResponse, { domains: [] })),
    http.post('/api/stores/config/domains/', () => fail(400, 'BAD_REQUEST', ['body.host: must be a domain name, not an IP address'])),
    http.post('/api/stores/admin/check-domain', () => fail(404, 'NOT_FOUND', ['Domain not found'])),
  );
});
afterEach(cleanup);

describe('domains (website.domain, spec §7)', () => {
  it('shows each domain with its status, the reason of a failed check and the records to create', async () => {
    renderApp('/admin/domains', fakeSession(owner));
    const card = await screen.findByRole('listitem', { name: 'bücher.example' }, SCREEN_LOAD);
    expect(within(card).getByText('Failed')).toBeTruthy();
    expect(within(card).getByText(/The TXT record _backroom-verify/)).toBeTruthy();
    expect(within(card).getByRole('table', { name: 'DNS records for bücher.example' }).textContent).toContain('backroom-verify=abc');
    expect(within(screen.getByRole('listitem', { name: 'demo.localhost' })).getByText('Primary')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Check DNS' }));
    await waitFor(() => expect(calls().some((c) => c.url === '/api/stores/admin/check-domain')).toBe(true));
    const body = JSON.parse(String(calls().find((c) => c.url === '/api/stores/admin/check-domain')!.init!.body));
    expect(body).toEqual({ domain: 'xn--bcher-kva.example', storeId: STORE_ID });
  });

  it('shows the server’s reason under the domain field when connecting fails', async () => {
    renderApp('/admin/domains', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Connect existing domain' }, SCREEN_LOAD);
    fireEvent.change(within(form).getByLabelText('Domain'), { target: { value: '10.0.0.1' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('must be a domain name, not an IP address')).toBeTruthy();
  });
});
