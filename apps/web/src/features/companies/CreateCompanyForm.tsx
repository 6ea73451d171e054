"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ABOUT_MAX, type CompanyCreate, companyCreateRequestSchema, format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { companiesMessages } from "@vn/contract/messages/companies";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter, useSearchParams } from "next/navigation";
import { useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { Skeleton } from "@/components/ui/Skeleton";
import { Textarea } from "@/components/ui/Textarea";
import { FormHandleField } from "@/features/accounts/FormHandleField";
import { showHandleSaveError } from "@/features/accounts/handle-save-error";
import { useAccountSwitch } from "@/features/accounts/use-account-switch";
import { GENERAL_INFO_KEY } from "@/features/accounts/use-general-info";
import { ImageField } from "@/features/media/ImageField";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { cleanSubmit } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { COMPANIES_KEY } from "./use-companies";

interface CompanyValues {
  name: string;
  slug: string;
  about: string;
}

/**
 * /create/company: a company page (name, handle, about), owned by the person; they then act as it
 * (switch-account). From the wizard (?from=wizard) the company step is marked done as well.
 */
export function CreateCompanyForm() {
  const router = useRouter();
  const fromWizard = useSearchParams().get("from") === "wizard";
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const { user, isLoading } = useSession();
  const { switchTo } = useAccountSwitch();
  const gate = useVerificationGate();
  const [serverError, setServerError] = useState<string | null>(null);
  const logoUrl = useRef<string | undefined>(undefined);
  const form = useForm<CompanyValues, unknown, CompanyCreate>({
    resolver: zodResolver(companyCreateRequestSchema) as unknown as Resolver<
      CompanyValues,
      unknown,
      CompanyCreate
    >,
    defaultValues: { name: "", slug: "", about: "" },
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const name = useWatch({ control, name: "name" });

  const onSubmit = cleanSubmit(async (values: CompanyCreate) => {
    setServerError(null);
    let company: { id: string; slug: string; name: string };
    try {
      const body = logoUrl.current ? { ...values, logoUrl: logoUrl.current } : values;
      company = (await api.companies.create({ body })).data;
    } catch (error) {
      if (!gate.refusedBy(error))
        showHandleSaveError(error, {
          fields: ["name", "slug", "about"],
          setError,
          showAlert: setServerError,
        });
      throw error;
    }
    if (fromWizard) {
      await api.accounts
        .updateGeneralInfo({ body: { isCompanyWizardCompleted: true } })
        .catch(() => undefined);
      await mutate(GENERAL_INFO_KEY);
    }
    await mutate(COMPANIES_KEY);
    const acting = await switchTo({ type: "company", id: company.id }, { navigate: false, announce: false });
    const profile = routes.profile(acting?.slug ?? company.slug);
    snackbar.show(format(companiesMessages.companyCreated, { name: company.name }), {
      tone: "success",
      on: profile,
    });
    router.push(profile);
  });

  const busy = isSubmitting || isSubmitSuccessful;

  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-[1.75rem] leading-tight font-semibold text-ink sm:text-[2rem]">
          {companiesMessages.createCompanyTitle}
        </h1>
        <p className="mt-2 text-[0.95rem] text-pretty text-ink-muted">
          {companiesMessages.createCompanySubtitle}
        </p>
      </div>
      <div className="rounded-card bg-surface p-5 shadow-card sm:p-8">
        {isLoading || !user ? (
          <div className="flex flex-col gap-5" aria-busy="true">
            <span className="sr-only">{commonMessages.loading}</span>
            <Skeleton className="size-16" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : (
          <form
            className="flex flex-col gap-5"
            noValidate
            onSubmit={(event) => {
              // Creating a company is for verified people (§6): the popup instead of the form.
              if (!gate.allows("company.create")) {
                event.preventDefault();
                return;
              }
              void handleSubmit(onSubmit)(event).catch(() => undefined);
            }}
          >
            {serverError ? <Alert>{serverError}</Alert> : null}
            <ImageField
              uploadType="company_image"
              label={sharedMessages.companyLogoLabel}
              shape="square"
              targets={["desktop"]}
              chooseLabel={sharedMessages.chooseLogo}
              changeLabel={sharedMessages.changeLogo}
              placeholder={
                name.trim() ? (
                  <Avatar name={name} size="lg" shape="square" />
                ) : (
                  <span className="inline-flex size-16 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand">
                    <Icon name="building" size={30} />
                  </span>
                )
              }
              onUploaded={(media) => {
                logoUrl.current = media.urls.small ?? media.urls.full ?? undefined;
              }}
            />
            <Input
              label={sharedMessages.companyNameLabel}
              autoComplete="organization"
              error={errors.name?.message}
              {...register("name")}
            />
            <FormHandleField
              form={form}
              ownerType="company"
              addressTemplate={companiesMessages.companyHandleHint}
              field={register("slug")}
            />
            <Textarea
              label={sharedMessages.aboutLabel}
              optional
              rows={5}
              maxLength={ABOUT_MAX}
              error={errors.about?.message}
              {...register("about")}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="tertiary" size="lg" onClick={() => router.back()} disabled={busy}>
                {commonMessages.cancel}
              </Button>
              <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
                {busy ? companiesMessages.createCompanySubmitting : companiesMessages.createCompanySubmit}
              </Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
