import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/client/lib/toast';
import { accountDataMessages } from '@/domain/accounts/account-data';
import { useExportMyData } from '@/client/api/account-data';
import { Button } from '@/client/components/ui/button';
import { Section } from '@/client/components/ui/section';
import { errorMessage } from '@/client/lib/api';
import { saveFile } from '@/client/lib/save-file';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Settings: the user's own data (decision 013): download it, or delete the account. */
export function YourDataSection() {
  const exportData = useExportMyData();
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  return (
    <Section title="Your data" description="Download everything you have on Ticklist, or delete your account.">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          variant="secondary"
          disabled={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
              onError: (error) => toast.error(errorMessage(error, accountDataMessages.exportFailed)),
            })
          }
        >
          <Download className="h-4 w-4" aria-hidden />
          {exportData.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
        <Button variant="danger" onClick={() => setDeleteOpen(true)}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete my account
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        The download is a JSON file of your profile, lists, progress, comments, library, follows, notifications and
        badges.
      </p>
      <DeleteAccountDialog isOpen={isDeleteOpen} onOpenChange={setDeleteOpen} />
    </Section>
  );
}
