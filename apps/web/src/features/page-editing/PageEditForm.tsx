"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ABOUT_MAX, type ProfilePage } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { pageEditingMessages } from "@vn/contract/messages/page-editing";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRef, useState } from "react";
import { type FieldPath, type Resolver, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { Textarea } from "@/components/ui/Textarea";
import { ImageField } from "@/features/media/ImageField";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cleanSubmit, submitErrorMessage } from "@/lib/forms";
import { PageContactsFieldset } from "./PageContactsFieldset";
import { PageLinksFieldset } from "./PageLinksFieldset";
import { nestedFieldErrors, type PageEditValues, valuesOfPage } from "./page-edit-rules";
import { type PageEditOutput, pageEditSchema } from "./page-edit-schema";

export interface PageEditFormProps {
  page: ProfilePage;
  /** Saved: the page shows the new values once the caller refreshes it. */
  onSaved: () => void | Promise<void>;
  onCancel: () => void;
}

/** The pictures uploaded in this form, sent with the rest on save (undefined: unchanged). */
interface Pictures {
  imageUrl?: string;
  backgroundImageUrl?: string;
}

/**
 * The "Edit page" form: name, photo or logo, background, about, website and social links,
 * contacts. A person's page saves through PATCH /users/me/general-info, a company's through
 * PATCH /companies/:id (acting as it); both validate with the contract's schemas here first.
 */
export function PageEditForm({ page, onSaved, onCancel }: PageEditFormProps) {
  const kind = page.user.type.id;
  const company = kind === "company";
  const [serverError, setServerError] = useState<string | null>(null);
  const pictures = useRef<Pictures>({});
  const form = useForm<PageEditValues, unknown, PageEditOutput>({
    resolver: zodResolver(pageEditSchema(kind)) as unknown as Resolver<
      PageEditValues,
      unknown,
      PageEditOutput
    >,
    defaultValues: valuesOfPage(page),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = cleanSubmit(async (values: PageEditOutput) => {
    setServerError(null);
    const { imageUrl, backgroundImageUrl } = pictures.current;
    try {
      if (company) {
        await api.companies.updatePage({
          params: { id: page.user.id },
          body: { ...values, logoUrl: imageUrl, backgroundImageUrl },
        });
      } else {
        await api.accounts.updateGeneralInfo({ body: { ...values, imageUrl, backgroundImageUrl } });
      }
    } catch (error) {
      const fields = error instanceof ApiError ? nestedFieldErrors(error.details) : [];
      const shown = fields.filter(({ field }) => field.includes(".") || field in values);
      for (const { field, message } of shown) {
        setError(field as FieldPath<PageEditValues>, { message }, { shouldFocus: true });
      }
      // A refusal with no field (no permission, a picture that is not ours) is said above the form.
      const pictureError = fields.find(({ field }) => field === "logoUrl" || field.endsWith("ImageUrl"));
      if (shown.length === 0) setServerError(pictureError?.message ?? submitErrorMessage(error));
      throw error;
    }
    await onSaved();
  });

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      aria-label={company ? pageEditingMessages.editCompanyPageTitle : pageEditingMessages.editPageTitle}
      onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
    >
      {serverError ? <Alert>{serverError}</Alert> : null}
      <ImageField
        uploadType={company ? "company_image" : "user_image"}
        label={company ? sharedMessages.companyLogoLabel : sharedMessages.photoLabel}
        shape={company ? "square" : "round"}
        targets={["desktop"]}
        chooseLabel={company ? sharedMessages.chooseLogo : sharedMessages.choosePhoto}
        changeLabel={company ? sharedMessages.changeLogo : sharedMessages.changePhoto}
        current={page.user.image?.urls.preview}
        placeholder={<Avatar name={page.user.name} size="lg" shape={company ? "square" : "circle"} />}
        onUploaded={(media) => {
          // The page takes the square (350×350) variant as its picture.
          pictures.current.imageUrl = media.urls.small ?? media.urls.full ?? undefined;
        }}
      />
      <ImageField
        uploadType={company ? "company_background_image" : "user_background_image"}
        label={pageEditingMessages.pageBackgroundLabel}
        hint={pageEditingMessages.pageBackgroundHint}
        shape="wide"
        targets={["desktop"]}
        chooseLabel={pageEditingMessages.chooseBackground}
        changeLabel={pageEditingMessages.changeBackground}
        current={page.user.backgroundImage?.urls.preview}
        onUploaded={(media) => {
          // A background is shown wide: the whole picture, not a square crop of it.
          pictures.current.backgroundImageUrl = media.urls.full ?? undefined;
        }}
      />
      <Input
        label={company ? sharedMessages.companyNameLabel : sharedMessages.nameLabel}
        autoComplete={company ? "organization" : "name"}
        error={errors.name?.message}
        {...register("name")}
      />
      <Textarea
        label={sharedMessages.aboutLabel}
        optional
        rows={4}
        maxLength={ABOUT_MAX}
        error={errors.about?.message}
        {...register("about")}
      />
      <PageLinksFieldset register={register} errors={errors.socialLinks} />
      <PageContactsFieldset register={register} errors={errors.contacts} />
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
        <Button variant="tertiary" onClick={onCancel} disabled={isSubmitting}>
          {commonMessages.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? sharedMessages.saving : sharedMessages.saveChanges}
        </Button>
      </div>
    </form>
  );
}
