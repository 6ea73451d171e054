"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ABOUT_MAX, type GeneralInfo, generalInfoWizardSchema, MIN_AGE } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { useSWRConfig } from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { CountrySelect } from "@/components/ui/CountrySelect";
import { Input } from "@/components/ui/Input";
import { Textarea } from "@/components/ui/Textarea";
import { ImageField } from "@/features/media/ImageField";
import { api } from "@/lib/api-client";
import { cleanSubmit } from "@/lib/forms";
import { SESSION_KEY } from "@/lib/session";
import { FormHandleField } from "./FormHandleField";
import { showHandleSaveError } from "./handle-save-error";

interface ProfileValues {
  name: string;
  slug: string;
  dateOfBirth: string;
  profession: string;
  city: string;
  /** null when none is chosen (the select's empty option). */
  country: string | null;
  about: string;
}

type ProfileOutput = z.output<typeof generalInfoWizardSchema>;

/** The latest date of birth that is MIN_AGE today, as the date input's max ("YYYY-MM-DD"). */
function latestBirthDate(today = new Date()): string {
  const date = new Date(today.getFullYear() - MIN_AGE, today.getMonth(), today.getDate());
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function valuesOf(info: GeneralInfo): ProfileValues {
  return {
    name: info.name ?? "",
    slug: info.slug ?? "",
    dateOfBirth: info.dateOfBirth ?? "",
    profession: info.profession ?? "",
    city: info.city ?? "",
    country: info.country ?? null,
    about: info.about ?? "",
  };
}

export interface ProfileFormProps {
  info: GeneralInfo;
  submitLabel: string;
  /** Saved: the API's new general info. */
  onSaved: (info: GeneralInfo) => Promise<void> | void;
}

/**
 * The personal profile's fields (spec §2 /create-profile/profile, and Settings): name, handle,
 * date of birth (required, 18 or older), profession, city, country, about, and the photo
 * placeholder. Validated with the contract's generalInfoWizardSchema, as the API validates it.
 */
export function ProfileForm({ info, submitLabel, onSaved }: ProfileFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  const form = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: zodResolver(generalInfoWizardSchema) as unknown as Resolver<
      ProfileValues,
      unknown,
      ProfileOutput
    >,
    defaultValues: valuesOf(info),
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const name = useWatch({ control, name: "name" });

  const onSubmit = cleanSubmit(async (values: ProfileOutput) => {
    setServerError(null);
    // An unchanged handle is not sent: it may be a Premium handle kept from an earlier plan.
    const { slug: newSlug, ...rest } = values;
    const body = newSlug.toLowerCase() === info.slug.toLowerCase() ? rest : values;
    let saved: GeneralInfo;
    try {
      saved = (await api.accounts.updateGeneralInfo({ body })).data;
    } catch (error) {
      showHandleSaveError(error, { fields: Object.keys(values), setError, showAlert: setServerError });
      throw error;
    }
    reset(valuesOf(saved));
    await onSaved(saved);
  });

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
    >
      {serverError ? <Alert>{serverError}</Alert> : null}

      <ImageField
        uploadType="user_image"
        label={sharedMessages.photoLabel}
        targets={["desktop"]}
        chooseLabel={sharedMessages.choosePhoto}
        changeLabel={sharedMessages.changePhoto}
        current={info.image?.urls.preview}
        placeholder={<Avatar name={name || info.email} size="lg" />}
        onUploaded={async (media) => {
          // The profile takes the square (350×350) variant as its picture.
          const imageUrl = media.urls.small ?? media.urls.full;
          if (!imageUrl) return;
          await api.accounts.updateGeneralInfo({ body: { imageUrl } }).catch(() => undefined);
          // The header's avatar reads the session.
          await mutate(SESSION_KEY);
        }}
      />

      <Input
        label={sharedMessages.nameLabel}
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <FormHandleField form={form} currentHandle={info.slug} ownerType="user" field={register("slug")} />
      <Input
        label={accountsMessages.dateOfBirthLabel}
        type="date"
        autoComplete="bday"
        max={latestBirthDate()}
        hint={accountsMessages.dateOfBirthHint}
        error={errors.dateOfBirth?.message}
        {...register("dateOfBirth")}
      />
      <Input
        label={accountsMessages.professionLabel}
        optional
        autoComplete="organization-title"
        error={errors.profession?.message}
        {...register("profession")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          label={accountsMessages.cityLabel}
          optional
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register("city")}
        />
        <CountrySelect
          optional
          error={errors.country?.message}
          {...register("country", { setValueAs: (value: string | null) => (value ? value : null) })}
        />
      </div>
      <Textarea
        label={sharedMessages.aboutLabel}
        optional
        rows={5}
        maxLength={ABOUT_MAX}
        error={errors.about?.message}
        {...register("about")}
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          size="lg"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          className="max-sm:w-full"
        >
          {isSubmitting ? sharedMessages.saving : submitLabel}
        </Button>
      </div>
    </form>
  );
}
