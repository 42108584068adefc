import type { MessageResponse, StoresResponse, SurveyBody } from '@backroom/contracts';
import { Alert, Anchor, Button, Card, Radio, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { api } from '../../lib/api';
import { chooseStore, readAccount } from '../../lib/session';
import { useQueryParams } from '../../lib/use-query-params';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { AuthCard } from '../../shell/AuthCard';
import { useSession } from '../../shell/hooks';
import { SURVEY_QUESTIONS, SurveyForm } from './forms';

type Answers = { [K in keyof typeof SURVEY_QUESTIONS]: string } & { note: string };
const QUESTION_KEYS = Object.keys(SURVEY_QUESTIONS) as (keyof typeof SURVEY_QUESTIONS)[];

/**
 * `/auth/survey?register=&storeId=&defaultSystemDomain=` (spec admin-dashboard §2, §4: the session sends a user here
 * while the store's survey check is not 200). Four questions (businessType dropship|other, experience, monthly
 * orders, product source) and an optional note; `POST /api/auth/survey` for `storeId` marks the survey done, then the
 * store becomes the chosen one and the dashboard opens. Without a session it offers sign-in.
 */
export default function SurveyScreen() {
  const params = useQueryParams();
  const account = readAccount();
  const storeId = params.get('storeId') || account.storeId || '';
  const registered = params.get('register') === 'true';
  const domain = params.get('defaultSystemDomain') || account.storeDomain || '';
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const { busy, submitted, handleSubmit } = useSubmit();
  const form = useForm<Answers>({
    mode: 'controlled',
    initialValues: { businessType: '', experience: '', monthlyOrders: '', productSource: '', note: '' },
    validate: schemaResolver(SurveyForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    const body = { ...v, note: v.note.trim() || undefined } as SurveyBody;
    await api.post<MessageResponse>('/auth/survey', body, { storeId, notifySuccess: true });
    if (readAccount().storeId !== storeId || !readAccount().info) {
      const { stores } = await api.get<StoresResponse>('/stores', { storeId: null });
      const store = stores.find((s) => s.id === storeId);
      if (store) chooseStore(session, store);
    }
    session.reset();
    queryClient.clear();
    await navigate({ href: routePath('website') });
  });

  if (!account.refreshToken || !storeId)
    return (
      <Card padding="xl" radius="lg" shadow="md">
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Please sign in first">
          The survey belongs to a store you manage.{' '}
          <Anchor component={Link} to={routePath('auth.login')}>
            Sign in
          </Anchor>
        </Alert>
      </Card>
    );

  return (
    <AuthCard
      titleId="survey-title"
      title="Tell us about your business"
      description={<>{registered ? `Welcome! Your store ${domain} is ready. ` : ''}A few questions so we can set up your dashboard.</>}
      gap="lg"
      onSubmit={submit}
    >
      {QUESTION_KEYS.map((key) => {
        const q = SURVEY_QUESTIONS[key];
        return (
          <Radio.Group key={key} label={q.label} withAsterisk {...form.getInputProps(key)}>
            <Stack gap="xs" mt="xs">
              {q.options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
        );
      })}
      <Textarea label="Anything else we should know?" autosize minRows={2} maxRows={5} {...form.getInputProps('note')} />
      <Button type="submit" fullWidth size="md" loading={busy}>
        Continue to dashboard
      </Button>
    </AuthCard>
  );
}
