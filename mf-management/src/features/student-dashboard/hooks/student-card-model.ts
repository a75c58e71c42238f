import type { StudentData } from 'shared-kernel/contracts';

/** What the student card shows, from GET /api-student/data. */
export interface StudentCardModel {
  id: number;
  firstname: string;
  lastname: string;
  status: number;
  street: string | null;
  houseNo: string | null;
  zip: string | null;
  city: string | null;
  dob: string | null;
  mno: string | null;
  schoolName: string;
  sifh: string | null;
  lat: number | null;
  long: number | null;
}

export function cardFromStudentData(data: StudentData): StudentCardModel {
  return {
    id: data.stid, firstname: data.firstname, lastname: data.lastname, status: data.student_status_id, street: data.street,
    houseNo: data.house_no, zip: data.zip, city: data.city, dob: data.dob, mno: data.e_f_mv_mno, schoolName: data.sn,
    sifh: data.sifh, lat: data.lat, long: data.long,
  };
}
