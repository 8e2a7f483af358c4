// MatrixDiagV3 (tf.linalg.diag with k, num_rows/num_cols = -1, padding) and MatrixDiagPartV3.
func.func @test(%V__0: tensor<?x3xf32> { python_test_attrs.static_type = tensor<2x3xf32> }, %V__1: tensor<2x4x5xf32>) -> (tensor<?x4x4xf32>, tensor<2x3x4xf32>) {
  %k = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %m1 = "tf.Const"() {device = "", value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %pad = "tf.Const"() {device = "", value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %kk = "tf.Const"() {device = "", value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.MatrixDiagV3"(%V__0, %k, %m1, %m1, %pad) {T = f32, align = "RIGHT_LEFT", device = ""} : (tensor<?x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x4x4xf32>
  %1 = "tf.MatrixDiagPartV3"(%V__1, %kk, %pad) {T = f32, align = "RIGHT_LEFT", device = ""} : (tensor<2x4x5xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3x4xf32>
  func.return %0, %1 : tensor<?x4x4xf32>, tensor<2x3x4xf32>
}
