"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { twoFactorConfirmRequestSchema, twoFactorPasswordRequestSchema } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { settingsMessages } from "@vn/contract/messages/settings";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import type { z } from "zod";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PasswordInput } from "@/features/accounts/PasswordInput";
import { TotpCodeInput } from "@/features/accounts/TotpCodeInput";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { SESSION_KEY, useSession } from "@/lib/session";

type PasswordInputValues = z.input<typeof twoFactorPasswordRequestSchema>;
type PasswordValues = z.output<typeof twoFactorPasswordRequestSchema>;
type CodeInput = z.input<typeof twoFactorConfirmRequestSchema>;
type CodeValues = z.output<typeof twoFactorConfirmRequestSchema>;

interface Setup {
  secret: string;
  totpURI: string;
  backupCodes: string[];
}

/** The key in groups of four, as authenticator apps show it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const snackbar = useSnackbar();
  return (
    <Button
      variant="secondary"
      aria-label={`${settingsMessages.twoFactorCopy}: ${label}`}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => snackbar.show(settingsMessages.twoFactorCopied, { tone: "success" }))
          .catch(() => undefined);
      }}
    >
      {settingsMessages.twoFactorCopy}
    </Button>
  );
}

/** Text to copy: a read-only box that wraps (the URI is long) with its copy button. */
function CopyField({ label, text, shown }: { label: string; text: string; shown: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold text-ink">{label}</span>
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        <code className="min-w-0 flex-1 rounded-lg bg-canvas px-3.5 py-3 font-mono text-[0.95rem] break-all text-ink ring-1 ring-line-strong ring-inset">
          {shown}
        </code>
        <CopyButton text={text} label={label} />
      </div>
    </div>
  );
}

/**
 * A step that asks for the current password (turning the second factor on, or off): a wrong one
 * is said on the field; any other refusal above the form.
 */
function PasswordStepForm({
  hint,
  submitLabel,
  busyLabel,
  variant,
  send,
}: {
  hint?: string;
  submitLabel: string;
  busyLabel: string;
  variant?: "secondary";
  send: (password: string) => Promise<void>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInputValues, unknown, PasswordValues>({
    resolver: zodResolver(twoFactorPasswordRequestSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = async (values: PasswordValues) => {
    setServerError(null);
    try {
      await send(values.password);
    } catch (error) {
      if (error instanceof ApiError && error.code === "user_wrongPassword") {
        setError("password", { message: settingsMessages.wrongCurrentPassword }, { shouldFocus: true });
        return;
      }
      setServerError(submitErrorMessage(error));
    }
  };
  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {serverError ? <Alert>{serverError}</Alert> : null}
      {hint ? <p className="text-[0.95rem] text-ink">{hint}</p> : null}
      <PasswordInput
        label={settingsMessages.currentPasswordLabel}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          variant={variant}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          className="max-sm:w-full"
        >
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Step 2: the key to add to the authenticator, then its first code turns the second factor on. */
function ConfirmForm({ setup, onConfirmed }: { setup: Setup; onConfirmed: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(twoFactorConfirmRequestSchema),
    defaultValues: { code: "" },
  });
  const onSubmit = async (values: CodeValues) => {
    setServerError(null);
    try {
      await api.accounts.twoFactorConfirm({ body: { code: values.code } });
    } catch (error) {
      if (error instanceof ApiError && error.code === "code_invalid") {
        setError("code", { message: commonMessages.invalidCode }, { shouldFocus: true });
        return;
      }
      setServerError(submitErrorMessage(error));
      return;
    }
    onConfirmed();
  };
  return (
    <div className="flex flex-col gap-5">
      <p className="text-[0.95rem] text-ink">{settingsMessages.twoFactorSecretHint}</p>
      <CopyField
        label={settingsMessages.twoFactorSecretLabel}
        text={setup.secret}
        shown={grouped(setup.secret)}
      />
      <CopyField label={settingsMessages.twoFactorUriLabel} text={setup.totpURI} shown={setup.totpURI} />
      <form
        className="flex flex-col gap-5"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        {serverError ? <Alert>{serverError}</Alert> : null}
        <TotpCodeInput
          className="[&_input]:text-xl [&_input]:tracking-[0.3em] sm:max-w-[16rem]"
          error={errors.code?.message}
          {...register("code")}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="max-sm:w-full">
            {isSubmitting ? settingsMessages.twoFactorConfirming : settingsMessages.twoFactorConfirm}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Step 3: the backup codes, this once. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">{settingsMessages.twoFactorEnabled}</Alert>
      <h3 className="text-base font-semibold text-ink">{settingsMessages.twoFactorBackupCodesTitle}</h3>
      <p className="text-[0.95rem] text-ink">{settingsMessages.twoFactorBackupCodesHint}</p>
      <ul
        aria-label={settingsMessages.twoFactorBackupCodesTitle}
        className="grid grid-cols-1 gap-2 rounded-lg bg-canvas p-4 font-mono text-[0.95rem] text-ink ring-1 ring-line-strong ring-inset min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <CopyButton text={codes.join("\n")} label={settingsMessages.twoFactorBackupCodesTitle} />
        <Button onClick={onDone} className="max-sm:w-full">
          {settingsMessages.twoFactorBackupCodesDone}
        </Button>
      </div>
    </div>
  );
}

/**
 * Settings → Two-factor authentication (issue 16): set up TOTP (the key as text to copy, no QR
 * code), confirm with the first code, see the backup codes once; turn it off with the password.
 * Staff without it are told their staff rights start once it is on.
 */
export function TwoFactorSettings() {
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  if (!user) return null;

  if (backupCodes) {
    return (
      <BackupCodes
        codes={backupCodes}
        onDone={() => {
          setBackupCodes(null);
          setSetup(null);
        }}
      />
    );
  }
  if (user.twoFactorEnabled) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{settingsMessages.twoFactorOn}</Alert>
        <PasswordStepForm
          hint={settingsMessages.twoFactorDisableHint}
          submitLabel={settingsMessages.twoFactorDisable}
          busyLabel={settingsMessages.twoFactorDisabling}
          variant="secondary"
          send={async (password) => {
            await api.accounts.twoFactorDisable({ body: { password } });
            await mutate(SESSION_KEY);
            snackbar.show(settingsMessages.twoFactorDisabled, { tone: "success" });
          }}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {user.staffNeedsTwoFactor ? <Alert tone="info">{settingsMessages.twoFactorStaffNotice}</Alert> : null}
      {setup ? (
        <ConfirmForm
          setup={setup}
          onConfirmed={() => {
            setBackupCodes(setup.backupCodes);
            // The session now knows the second factor (and, for staff, the role).
            void mutate(SESSION_KEY);
            snackbar.show(settingsMessages.twoFactorEnabled, { tone: "success" });
          }}
        />
      ) : (
        <>
          <p className="text-[0.95rem] text-ink">{settingsMessages.twoFactorExplain}</p>
          <PasswordStepForm
            submitLabel={settingsMessages.twoFactorSetUp}
            busyLabel={settingsMessages.twoFactorSettingUp}
            send={async (password) => setSetup(await api.accounts.twoFactorEnable({ body: { password } }))}
          />
        </>
      )}
    </div>
  );
}
