import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PageHeader, PlainTable, RequestStateView, toErrorCode, toast, useCan, useRequest } from 'shared-kernel';
import { HIDEABLE_SCHOOL_ROLE, type TeamMember } from 'shared-kernel/contracts';
import { SchoolPicker, useSchoolInView } from '../../../components/school-picker.js';
import { NS } from '../../../i18n.js';
import { getTeam, setTeamMemberHidden, teamPhotoUrl, uploadTeamPhoto } from '../api/team-api.js';
import styles from './team-page.module.css';

/**
 * /c-team (spec 002 §2.20): the team of a school in view with photo, membership number, names,
 * school, grade and school roles. With team_w: a photo upload per member, and the
 * visible/invisible toggle for members holding school role 3 (the only ones that may be hidden).
 */
export function TeamPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('team_w');
  const { inView, schoolId, setSchoolId, filterKey } = useSchoolInView();
  const { state, data, reload } = useRequest((signal) => getTeam(schoolId!, signal), [schoolId, filterKey], { enabled: schoolId !== undefined });
  const [busy, setBusy] = useState<string | null>(null);
  const schoolName = (id: number) => inView.find((school) => school.id === id)?.name ?? String(id);

  const run = async (member: TeamMember, action: () => Promise<unknown>) => {
    setBusy(member.mno);
    try {
      await action();
      reload();
    } catch (error) {
      toast.error(`errors.${await toErrorCode(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const onPhoto = (member: TeamMember) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void run(member, () => uploadTeamPhoto(member, file));
  };

  return (
    <>
      <PageHeader title={t('team.title')} />
      <div className={styles.toolbar}>
        <SchoolPicker label={t('team.school')} schools={inView} value={schoolId} onChange={setSchoolId} />
      </div>
      <RequestStateView state={state} data={data} onRetry={reload} emptyText={t('team.empty')}>
        {(rows) => (
          <PlainTable aria-label={t('team.title')}>
            <thead>
              <tr>
                <th scope="col">{t('team.photo')}</th>
                <th scope="col">{t('team.mno')}</th>
                <th scope="col">{t('team.name')}</th>
                <th scope="col">{t('team.school')}</th>
                <th scope="col">{t('team.grade')}</th>
                <th scope="col">{t('team.roles')}</th>
                <th scope="col">{t('team.visibility')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => {
                const name = `${member.fn} ${member.ln}`;
                return (
                  <tr key={member.mno}>
                    <td>
                      {member.fh ? (
                        <img className={styles.photo} src={teamPhotoUrl(member.fh)} alt={t('team.photo_of', { name })} />
                      ) : (
                        <span className={styles.noPhoto}>{t('team.no_photo')}</span>
                      )}
                      {canWrite ? (
                        <label className={styles.upload}>
                          {t('team.upload_photo', { name })}
                          <input type="file" accept="image/jpeg,image/png,image/webp" disabled={busy === member.mno} onChange={onPhoto(member)} />
                        </label>
                      ) : null}
                    </td>
                    <td>{member.mno}</td>
                    <td>{name}</td>
                    <td>{schoolName(member.sid)}</td>
                    <td>{member.gr ?? ''}</td>
                    <td>{member.msrid.map((role) => t(`team.role_${role}`)).join(', ')}</td>
                    <td>
                      {member.h ? t('team.hidden') : t('team.visible')}
                      {canWrite && member.msrid.includes(HIDEABLE_SCHOOL_ROLE) ? (
                        <>
                          {' '}
                          <Button
                            variant="secondary"
                            disabled={busy === member.mno}
                            onClick={() => void run(member, () => setTeamMemberHidden(member, member.h === 0))}
                          >
                            {member.h ? t('team.show', { name }) : t('team.hide', { name })}
                          </Button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </PlainTable>
        )}
      </RequestStateView>
    </>
  );
}
