// The V1 forms: MatrixDiag, MatrixDiagPart, MatrixSetDiag (tf.linalg.set_diag without k).
func.func @test(%V__0: tensor<?x4xf32> { python_test_attrs.static_type = tensor<3x4xf32> }, %V__1: tensor<?x4x4xf32> { python_test_attrs.static_type = tensor<3x4x4xf32> }) -> (tensor<?x4x4xf32>, tensor<?x4xf32>, tensor<?x4x4xf32>) {
  %0 = "tf.MatrixDiag"(%V__0) {T = f32, device = ""} : (tensor<?x4xf32>) -> tensor<?x4x4xf32>
  %1 = "tf.MatrixDiagPart"(%V__1) {T = f32, device = ""} : (tensor<?x4x4xf32>) -> tensor<?x4xf32>
  %2 = "tf.MatrixSetDiag"(%V__1, %V__0) {T = f32, device = ""} : (tensor<?x4x4xf32>, tensor<?x4xf32>) -> tensor<?x4x4xf32>
  func.return %0, %1, %2 : tensor<?x4x4xf32>, tensor<?x4xf32>, tensor<?x4x4xf32>
}
