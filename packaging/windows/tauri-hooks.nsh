; Hooks for Tauri's own NSIS installer (the release workflow, .github/workflows/release.yml,
; on a Windows runner; untested here): the same `atout` on the PATH as our own installer
; (packaging/windows/atout.nsi) gives, `Program Files\Atout\bin`, which holds atout.exe
; only. Tauri's template includes WordFunc.nsh and runs per machine (HKLM).
!define ATOUT_ENVKEY "SYSTEM\CurrentControlSet\Control\Session Manager\Environment"

; $0: the system PATH without $INSTDIR\bin, or "" when it must be left alone: too long for
; NSIS's strings (ReadRegStr then gives "" and the error flag; writing that back would wipe
; the PATH).
!macro ATOUT_PATH_WITHOUT_US un
  ClearErrors
  ReadRegStr $0 HKLM "${ATOUT_ENVKEY}" "Path"
  ; Counted from the lengths apart: a string measured whole is already cut at 1023 characters.
  Push $2
  StrLen $1 $0
  StrLen $2 ";$INSTDIR\bin;;;"
  IntOp $1 $1 + $2
  Pop $2
  ${If} ${Errors}
    StrCpy $0 ""
  ${ElseIf} $1 < ${NSIS_MAX_STRLEN}
    ${${un}WordReplace} ";$0;" ";$INSTDIR\bin;" ";" "+" $0
    ${${un}WordReplace} "$0" ";;" ";" "+" $0
    StrCpy $1 $0 1
    ${IfThen} $1 == ";" ${|} StrCpy $0 $0 "" 1 ${|}
    StrCpy $1 $0 1 -1
    ${IfThen} $1 == ";" ${|} StrCpy $0 $0 -1 ${|}
  ${Else}
    StrCpy $0 ""
  ${EndIf}
!macroend

!macro NSIS_HOOK_POSTINSTALL
  !insertmacro ATOUT_PATH_WITHOUT_US ""
  ${If} $0 != ""
    WriteRegExpandStr HKLM "${ATOUT_ENVKEY}" "Path" "$0;$INSTDIR\bin"
    SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=3000
  ${EndIf}
!macroend

!macro NSIS_HOOK_POSTUNINSTALL
  ${If} $UpdateMode <> 1
    !insertmacro ATOUT_PATH_WITHOUT_US "un."
    ${If} $0 != ""
      WriteRegExpandStr HKLM "${ATOUT_ENVKEY}" "Path" "$0"
      SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=3000
    ${EndIf}
  ${EndIf}
!macroend
