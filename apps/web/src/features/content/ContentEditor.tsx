"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ContentCreateRequest,
  type ContentItem,
  type ContentMediaRequest,
  commentsModes,
  contentCreateRequestSchema,
  entitlement,
  FOLDER_MAX,
  format,
  type PlanTier,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { contentMessages } from "@vn/contract/messages/content";
import { formatDecimal } from "@vn/contract/messages/en-us";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { Input } from "@/components/ui/Input";
import { Link } from "@/components/ui/Link";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { ContentMediaFields, mediaChanges } from "@/features/media/ContentMediaFields";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { type SessionUser, useSession } from "@/lib/session";
import { browserZone, isoToWallTime, wallTimeToIso, zoneOptions } from "./event-zone";
import { formatDateTime } from "./kinds";
import { LinkPreviewCard } from "./LinkPreviewCard";
import { RichTextEditor } from "./RichTextEditor";

const richKinds = new Set(["article", "release", "statement", "insight", "response"]);
const mediaKinds = new Set(["document", "podcast", "video", "audio"]);

/** A datetime-local value ("2026-11-21T10:30", the browser's zone) as ISO, or undefined. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
/** ISO → a datetime-local value in the browser's zone. */
function toLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The zones of the composer's select, made once in the browser (the server renders none). */
let zoneList: { value: string; label: string }[] | null = null;
const noChange = () => () => undefined;
const zonesInBrowser = () => {
  zoneList ??= zoneOptions(browserZone());
  return zoneList;
};
const noZones = () => null;

const formSchema = z
  .object({
    kind: z.string(),
    title: z.string(),
    description: z.string(),
    content: z.string(),
    schedule: z.boolean(),
    publicationDate: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    place: z.string(),
    onlineUrl: z.string(),
    timeZone: z.string(),
    folder: z.string(),
    draft: z.boolean(),
    commentsMode: z.enum(commentsModes),
    reactionsEnabled: z.boolean(),
    repostsEnabled: z.boolean(),
    viewsEnabled: z.boolean(),
  })
  .transform(
    (v) =>
      ({
        kind: v.kind as ContentCreateRequest["kind"],
        title: v.title || undefined,
        description: v.description || undefined,
        content: v.content || undefined,
        publicationDate: v.schedule ? toIso(v.publicationDate) : undefined,
        draft: v.draft,
        // An event's times are read on its own zone's clock (issue 18), the browser's by default.
        startsAt: v.timeZone ? wallTimeToIso(v.startsAt, v.timeZone) : toIso(v.startsAt),
        endsAt: v.timeZone ? wallTimeToIso(v.endsAt, v.timeZone) : toIso(v.endsAt),
        timeZone: v.kind === "event" && v.timeZone ? v.timeZone : undefined,
        place: v.place || undefined,
        onlineUrl: v.onlineUrl.trim() || undefined,
        // A document's folder (issue 18): empty takes it out of its folder.
        folder: v.kind === "document" ? v.folder : undefined,
        settings: {
          commentsMode: v.commentsMode,
          reactionsEnabled: v.reactionsEnabled,
          repostsEnabled: v.repostsEnabled,
          viewsEnabled: v.viewsEnabled,
        },
      }) as ContentCreateRequest,
  )
  // The contract's request schema is the one the API validates with (kind rules included).
  .pipe(contentCreateRequestSchema);
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

interface Plan {
  owner: "user" | "company";
  tier: PlanTier;
}
function planOf(user: SessionUser | null): Plan {
  const subscription = (user as { subscription?: { current?: { plan?: { slug?: PlanTier } } } } | null)
    ?.subscription;
  return { owner: user?.type.id ?? "user", tier: subscription?.current?.plan?.slug ?? "basic" };
}

export interface ContentEditorProps {
  mode: "create" | "edit";
  kind: string;
  title?: string;
  item?: ContentItem;
  /**
   * The composer opened in place (the home's "start a post", issue 18): no page frame, the
   * dialog's title is the heading, and a saved publication is handed back instead of opened.
   */
  embedded?: boolean;
  onSaved?: (item: ContentItem) => void;
}

/** Create and edit pages of every kind (§2 /create/*, …/edit/): one form over the contract schema. */
export function ContentEditor({ mode, kind, title, item, embedded = false, onSaved }: ContentEditorProps) {
  const { user } = useSession();
  const router = useRouter();
  const snackbar = useSnackbar();
  const gate = useVerificationGate();
  const plan = planOf(user);
  const limit = Number(entitlement(plan.owner, plan.tier, "post.characterLimit"));
  const canSchedule = Boolean(entitlement(plan.owner, plan.tier, "content.schedule"));
  const [formError, setFormError] = useState<string | null>(null);
  const [overPlan, setOverPlan] = useState(false);
  // A link's card while it is written (issue 18), once its address field is left.
  const [linkPreview, setLinkPreview] = useState<string | null>(item?.link?.url ?? null);
  const settings = item?.contentInteractionConfig;
  const media = useRef<ContentMediaRequest>({});
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      kind,
      title: item?.title ?? "",
      description: item?.description ?? "",
      content: item?.content ?? "",
      schedule: item?.status === "planned",
      publicationDate: item?.status === "planned" ? toLocal(item.publicationDate) : "",
      // As the event's clock reads them (the browser's zone for events made before zones were asked).
      startsAt: item?.event?.timeZone
        ? isoToWallTime(item.event.startsAt, item.event.timeZone)
        : toLocal(item?.event?.startsAt),
      endsAt: item?.event?.timeZone
        ? isoToWallTime(item.event.endsAt, item.event.timeZone)
        : toLocal(item?.event?.endsAt),
      timeZone: item?.event?.timeZone ?? "",
      place: item?.event?.place ?? "",
      onlineUrl: item?.event?.onlineUrl ?? item?.link?.url ?? "",
      folder: item?.folder ?? "",
      draft: false,
      commentsMode: settings?.commentsMode ?? "open",
      reactionsEnabled: settings?.reactionsEnabled ?? true,
      repostsEnabled: settings?.repostsEnabled ?? false,
      viewsEnabled: settings?.viewsEnabled ?? true,
    },
  });
  const { register, handleSubmit, control, watch, setValue, setError, formState } = form;
  const errors = formState.errors;
  const content = watch("content");
  const schedule = watch("schedule");
  const isPost = kind === "post";
  const over = isPost && content.length > limit;
  // An event's zone: the author's own unless they choose another (known only in the browser).
  const zones = useSyncExternalStore(noChange, zonesInBrowser, noZones);
  useEffect(() => {
    if (kind === "event" && !form.getValues("timeZone")) setValue("timeZone", browserZone());
  }, [kind, form, setValue]);

  const submit = handleSubmit(async (request) => {
    setFormError(null);
    setOverPlan(false);
    if (over) {
      setOverPlan(true);
      return;
    }
    // The media go in the same request: the API saves them with the publication in one
    // transaction, so a refused file leaves nothing half-saved and the form can simply be sent again.
    const withMedia = { ...request, media: mediaChanges(media.current) };
    try {
      let saved: ContentItem;
      if (mode === "edit" && item) {
        const { kind: _kind, ...patch } = withMedia;
        saved = (await api.content.update({ params: { id: item.id }, body: patch })).data;
        snackbar.show(contentMessages.publicationSaved, { tone: "success" });
      } else {
        saved = (await api.content.create({ body: withMedia })).data;
        snackbar.show(
          saved.status === "draft"
            ? contentMessages.publicationDraftSaved
            : saved.status === "planned"
              ? format(contentMessages.publicationScheduled, { date: formatDateTime(saved.publicationDate) })
              : contentMessages.publicationPublished,
          { tone: "success" },
        );
      }
      if (onSaved) onSaved(saved);
      else router.push(saved.path);
    } catch (error) {
      // Not verified (or no longer): the popup says so and leads to verification.
      if (gate.refusedBy(error)) return;
      if (
        error instanceof ApiError &&
        error.code === "account_accessForbiddenByPlan" &&
        error.message === contentMessages.postLimitUpgrade
      ) {
        setOverPlan(true);
        return;
      }
      if (error instanceof ApiError && error.status === 404 && mode === "edit") {
        setFormError(contentMessages.editMissingPost);
        return;
      }
      // Errors of fields the form has go under them; the rest (e.g. the media's) above the form.
      const fields = Object.entries(fieldErrorsOf(error)).filter(([field]) => field in form.getValues());
      for (const [field, message] of fields) {
        setError(field as keyof FormInput, { message });
      }
      if (fields.length === 0) setFormError(submitErrorMessage(error));
    }
  });
  const send = (draft: boolean) => () => {
    // Publishing, drafts and edits are for verified people (§6): the popup instead of the form's errors.
    if (!gate.allows("content.write", { kind })) return;
    setValue("draft", draft);
    void submit();
  };

  const heading = title ?? contentMessages.editPublicationTitle;
  return (
    <div className={embedded ? "w-full" : "mx-auto w-full max-w-[760px] px-4 py-6 sm:py-8"}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(false)();
        }}
        className={cn("flex flex-col gap-5", !embedded && "rounded-card bg-surface p-5 shadow-card sm:p-8")}
        aria-labelledby="editor-title"
      >
        {embedded ? (
          <h3 id="editor-title" className="sr-only">
            {heading}
          </h3>
        ) : (
          <h1 id="editor-title" className="text-2xl font-semibold text-ink">
            {heading}
          </h1>
        )}
        {formError ? <Alert>{formError}</Alert> : null}

        {kind === "link" ? (
          <div className="flex flex-col gap-3">
            <Input
              type="url"
              label={contentMessages.linkUrlLabel}
              hint={contentMessages.linkUrlHint}
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              {...register("onlineUrl", { onBlur: (event) => setLinkPreview(event.target.value.trim()) })}
              error={errors.onlineUrl?.message}
            />
            {linkPreview ? <LinkPreviewCard key={linkPreview} url={linkPreview} /> : null}
          </div>
        ) : null}
        {!isPost ? (
          <Input
            label={kind === "question" ? contentMessages.questionLabel : contentMessages.fieldTitle}
            optional={kind === "link"}
            {...register("title")}
            error={errors.title?.message}
            maxLength={200}
          />
        ) : null}
        {kind === "question" || kind === "link" ? (
          <Textarea
            label={kind === "question" ? contentMessages.questionDetailsLabel : contentMessages.linkNoteLabel}
            rows={4}
            {...register("content")}
            error={errors.content?.message}
          />
        ) : null}
        {kind === "document" ? (
          <Input
            label={contentMessages.folderLabel}
            optional
            hint={contentMessages.folderHint}
            {...register("folder")}
            error={errors.folder?.message}
            maxLength={FOLDER_MAX}
          />
        ) : null}
        {isPost ? (
          <div className="flex flex-col gap-1">
            <Textarea
              label={contentMessages.fieldPostContent}
              rows={7}
              {...register("content")}
              error={errors.content?.message}
              aria-describedby="post-counter"
            />
            <p
              id="post-counter"
              aria-live="polite"
              className={
                over ? "text-right text-sm font-semibold text-danger" : "text-right text-sm text-ink-muted"
              }
            >
              {format(commonMessages.characterCounter, {
                count: formatDecimal(content.length),
                limit: formatDecimal(limit),
              })}
            </p>
          </div>
        ) : null}
        {over || overPlan ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg bg-warning-soft p-4 text-warning sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm font-semibold">{contentMessages.postLimitUpgrade}</p>
            <div className="flex shrink-0 gap-2">
              {plan.tier === "basic" ? (
                <Button asChild variant="secondary">
                  <Link href="/settings/billing">{sharedMessages.upgradePlan}</Link>
                </Button>
              ) : null}
              <Button asChild>
                <Link href="/create/article">{contentMessages.postOverLimitArticle}</Link>
              </Button>
            </div>
          </div>
        ) : null}
        {!isPost && (mediaKinds.has(kind) || kind === "event" || richKinds.has(kind)) ? (
          <Textarea
            label={contentMessages.fieldDescription}
            rows={3}
            optional={richKinds.has(kind)}
            {...register("description")}
            error={errors.description?.message}
          />
        ) : null}
        {richKinds.has(kind) ? (
          <Controller
            control={control}
            name="content"
            render={({ field, fieldState }) => (
              <RichTextEditor
                label={contentMessages.fieldBody}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
        {kind === "event" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              type="datetime-local"
              label={contentMessages.fieldStartsAt}
              {...register("startsAt")}
              error={errors.startsAt?.message}
            />
            <Input
              type="datetime-local"
              label={contentMessages.fieldEndsAt}
              {...register("endsAt")}
              error={errors.endsAt?.message}
            />
            <Input
              label={contentMessages.fieldPlace}
              {...register("place")}
              error={errors.place?.message}
              hint={contentMessages.fieldOnlineUrlHint}
            />
            <Input
              type="url"
              label={contentMessages.fieldOnlineUrl}
              {...register("onlineUrl")}
              error={errors.onlineUrl?.message}
              optional
            />
            <Controller
              control={control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Select
                  label={contentMessages.fieldTimeZone}
                  hint={contentMessages.fieldTimeZoneHint}
                  options={
                    zones ??
                    (field.value ? [{ value: field.value, label: field.value.replaceAll("_", " ") }] : [])
                  }
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  className="sm:col-span-2"
                  data-testid="event-time-zone"
                />
              )}
            />
          </div>
        ) : null}

        <ContentMediaFields
          kind={kind}
          item={item}
          getMeta={() => ({ title: form.getValues("title"), description: form.getValues("description") })}
          onChange={(next) => {
            media.current = next;
          }}
        />

        <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{contentMessages.scheduleAction}</legend>
          <Checkbox label={contentMessages.scheduleLabel} disabled={!canSchedule} {...register("schedule")} />
          {canSchedule ? (
            schedule ? (
              <Input
                type="datetime-local"
                label={contentMessages.scheduleAt}
                hint={contentMessages.scheduleHint}
                {...register("publicationDate")}
                error={errors.publicationDate?.message}
              />
            ) : null
          ) : (
            <p className="text-sm text-ink-muted">
              {contentMessages.scheduleNeedsPlan}{" "}
              <Link href="/settings/billing" className="font-semibold text-brand hover:underline">
                {sharedMessages.upgradePlan}
              </Link>
            </p>
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{contentMessages.settingsHeading}</legend>
          <div role="radiogroup" aria-labelledby="comments-mode-label" className="flex flex-col gap-2">
            <span id="comments-mode-label" className="text-sm font-semibold text-ink">
              {contentMessages.commentsModeLabel}
            </span>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {(
                [
                  ["open", contentMessages.commentsOpen],
                  ["limited", contentMessages.commentsLimitedOption],
                  ["off", contentMessages.commentsOffOption],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-[0.95rem] text-ink"
                >
                  <input
                    type="radio"
                    value={value}
                    {...register("commentsMode")}
                    className="size-5 accent-[var(--color-brand)]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </div>
          <Checkbox label={contentMessages.reactionsLabel} {...register("reactionsEnabled")} />
          <Checkbox label={contentMessages.repostsLabel} {...register("repostsEnabled")} />
          <Checkbox label={contentMessages.viewsLabel} {...register("viewsEnabled")} />
        </fieldset>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {mode === "create" ? (
            <Button variant="secondary" onClick={send(true)} disabled={formState.isSubmitting}>
              {contentMessages.saveDraftAction}
            </Button>
          ) : null}
          <Button type="submit" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
            {mode === "edit"
              ? sharedMessages.saveChanges
              : schedule && canSchedule
                ? contentMessages.scheduleAction
                : contentMessages.publishAction}
          </Button>
        </div>
      </form>
    </div>
  );
}
