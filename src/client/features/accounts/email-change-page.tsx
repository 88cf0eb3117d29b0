import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { emailChangeMessages, emailChangeResults, type EmailChangeResult } from '@/domain/accounts/email-change';
import type { messageSchema } from '@/domain/api-error';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { sessionKeys } from '@/client/api/query-keys';
import { apiRequest, errorMessage } from '@/client/lib/api';
import { paths } from '@/domain/paths';
import { AuthCard, AuthLink } from './auth-card';

/** Where a new address's confirmation link lands, with its result. */
function ConfirmationResult({ result }: { result: EmailChangeResult }) {
  const confirmed = result === 'confirmed';
  return (
    <AuthCard
      title={confirmed ? 'Email address changed' : 'Email address not changed'}
      footer={<AuthLink to={paths.me('account')}>Go to your account</AuthLink>}
    >
      <Alert tone={confirmed ? 'success' : 'error'}>{emailChangeMessages[result]}</Alert>
    </AuthCard>
  );
}

/**
 * The old address's undo link opens this page; only its button restores the address (a mail
 * scanner that follows the link must not sign the owner out).
 */
function UndoEmailChange({ token }: { token: string }) {
  const [state, setState] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const queryClient = useQueryClient();
  const isRestored = state?.tone === 'success';

  const restore = async () => {
    setIsSending(true);
    setState(null);
    try {
      const response = await apiRequest<typeof messageSchema>('/api/accounts/email-change/undo', {
        method: 'POST',
        body: { token },
      });
      setState({ tone: 'success', message: response.message });
      // Every session ended, this browser's too: the header must stop showing a signed-in user.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.session });
    } catch (error) {
      setState({ tone: 'error', message: errorMessage(error) });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <AuthCard
      title={emailChangeMessages.undoTitle}
      subtitle={isRestored ? undefined : emailChangeMessages.undoExplained}
      footer={
        <AuthLink to={isRestored ? paths.login() : paths.home()}>
          {isRestored ? 'Go to Sign In' : 'Back to Ticklist'}
        </AuthLink>
      }
    >
      <div className="space-y-4">
        {state ? <Alert tone={state.tone}>{state.message}</Alert> : null}
        {isRestored ? null : (
          <>
            <Button type="button" className="w-full" size="lg" disabled={isSending} onClick={restore}>
              {isSending ? 'Restoring...' : emailChangeMessages.undoButton}
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">{emailChangeMessages.undoExpires}</p>
          </>
        )}
      </div>
    </AuthCard>
  );
}

export function EmailChangePage() {
  const [params] = useSearchParams();
  const undo = params.get('undo');
  if (undo) return <UndoEmailChange token={undo} />;
  const result = params.get('result');
  const known = emailChangeResults.find((value) => value === result);
  return <ConfirmationResult result={known ?? 'invalid'} />;
}
