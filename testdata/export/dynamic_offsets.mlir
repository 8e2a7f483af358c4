// Ops whose loops index from the end of a dynamic axis (run-time offset parameters): ReverseV2,
// StridedSlice with a negative stride, MatrixDiagPartV3 and MatrixSetDiagV3 on dynamic matrices.
// sweep: arg0=5x7
func.func @test(%arg0: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x?xf32>, tensor<?x?xf32>) {
  %ax = "tf.Const"() {device = "", value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %b = "tf.Const"() {device = "", value = dense<[-1, -2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {device = "", value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {device = "", value = dense<[-2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k = "tf.Const"() {device = "", value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %pad = "tf.Const"() {device = "", value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.ReverseV2"(%arg0, %ax) {T = f32, Tidx = i32, device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x?xf32>
  %1 = "tf.StridedSlice"(%arg0, %b, %e, %s) {Index = i32, T = f32, begin_mask = 0 : i64, device = "", ellipsis_mask = 0 : i64, end_mask = 3 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = "tf.MatrixDiagPartV3"(%arg0, %k, %pad) {T = f32, align = "RIGHT_LEFT", device = ""} : (tensor<?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x?xf32>
  %3 = "tf.MatrixSetDiagV3"(%0, %2, %k) {T = f32, align = "RIGHT_LEFT", device = ""} : (tensor<?x?xf32>, tensor<2x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x?xf32>, tensor<?x?xf32>
}
