// Einsum in the forms of TensorFlow's own einsum tests that sandjit had refused or not tested: labels
// repeated within an input (diagonals, traces), "..." first, in the middle and last, scalars ("" and "->"),
// and contractions over empty dims.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?x?xf32>, %arg3: tensor<?x?x?xf32>, %arg4: tensor<?x?x?xf32>, %arg5: tensor<?x?x?x?x?xf32>, %arg6: tensor<?x?x?x?x?xf32>, %arg7: tensor<?x?x?xf32>, %arg8: tensor<?xf32>, %arg9: tensor<?x?x?xf32>, %arg10: tensor<?xf32>, %arg11: tensor<?x?x?xf32>, %arg12: tensor<?x?xf32>, %arg13: tensor<?x?x?xf32>, %arg14: tensor<?x?x?xf32>, %arg15: tensor<?x?xf32>, %arg16: tensor<f32>, %arg17: tensor<f32>, %arg18: tensor<?x?x?xf32>, %arg19: tensor<?x?x?xf32>, %arg20: tensor<?x?xf32>, %arg21: tensor<?x?x?x?xf32>, %arg22: tensor<?x?x?x?x?xf32>, %arg23: tensor<?x?x?x?xf32>, %arg24: tensor<?x?x?x?xf32>, %arg25: tensor<?x?xf32>, %arg26: tensor<?x?xf32>, %arg27: tensor<?x?x?x?xf32>, %arg28: tensor<?x?x?x?xf32>) -> (tensor<f32>, tensor<?xf32>, tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Einsum"(%arg0) {device = "", equation = "aa->"} : (tensor<?x?xf32>) -> tensor<f32>
  %1 = "tf.Einsum"(%arg1) {device = "", equation = "aa->a"} : (tensor<?x?xf32>) -> tensor<?xf32>
  %2 = "tf.Einsum"(%arg2) {device = "", equation = "aaa->"} : (tensor<?x?x?xf32>) -> tensor<f32>
  %3 = "tf.Einsum"(%arg3) {device = "", equation = "aaa->a"} : (tensor<?x?x?xf32>) -> tensor<?xf32>
  %4 = "tf.Einsum"(%arg4) {device = "", equation = "aab->a"} : (tensor<?x?x?xf32>) -> tensor<?xf32>
  %5 = "tf.Einsum"(%arg5) {device = "", equation = "aabcc->ac"} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?xf32>
  %6 = "tf.Einsum"(%arg6) {device = "", equation = "aabcd->ad"} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?xf32>
  %7 = "tf.Einsum"(%arg7, %arg8) {device = "", equation = "ijj,k->ik"} : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Einsum"(%arg9, %arg10) {device = "", equation = "aba,a->b"} : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %9 = "tf.Einsum"(%arg11, %arg12) {device = "", equation = "aab,bc->ac"} : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %10 = "tf.Einsum"(%arg13, %arg14) {device = "", equation = "aab,bcc->ac"} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %11 = "tf.Einsum"(%arg15) {device = "", equation = "ii"} : (tensor<?x?xf32>) -> tensor<f32>
  %12 = "tf.Einsum"(%arg16) {device = "", equation = ""} : (tensor<f32>) -> tensor<f32>
  %13 = "tf.Einsum"(%arg17) {device = "", equation = "->"} : (tensor<f32>) -> tensor<f32>
  %14 = "tf.Einsum"(%arg18) {device = "", equation = "abc->cab"} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %15 = "tf.Einsum"(%arg19, %arg20) {device = "", equation = "ij...,jk...->ik..."} : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %16 = "tf.Einsum"(%arg21, %arg22) {device = "", equation = "i...j,j...k->i...k"} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %17 = "tf.Einsum"(%arg23, %arg24) {device = "", equation = "...ij,...jk->...ik"} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %18 = "tf.Einsum"(%arg25, %arg26) {device = "", equation = "ab,bc->ac"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %19 = "tf.Einsum"(%arg27, %arg28) {device = "", equation = "ibnd,ijbn->jnd"} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19 : tensor<f32>, tensor<?xf32>, tensor<f32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>
}
