// Softplus, ClipByValue to [1e-3, 50] (rank-0 constants), Log, a MatMul with transpose_a, Reshape to a
// vector and Softsign; x up to +-1e4 (Softplus is then x or 0, clipped).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = "tf.Softplus"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %cst = "tf.Const"() {value = dense<1.000000e-03> : tensor<f32>} : () -> tensor<f32>
  %cst_0 = "tf.Const"() {value = dense<5.000000e+01> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.ClipByValue"(%0, %cst, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<f32>, tensor<f32>) -> tensor<?x?xf32>
  %2 = "tf.Log"(%1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.MatMul"(%2, %arg1) {device = "", transpose_a = true, transpose_b = false} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %4 = "tf.Reshape"(%3, %cst_1) {device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %5 = "tf.Softsign"(%4) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %5 : tensor<?xf32>
}
