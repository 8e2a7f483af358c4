// sandjit-test: rtol=0 atol=0
// StridedSlice with begin and end arguments read at run time (constant strides, one negative; clamping of
// out-of-range bounds; a shrunk axis).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %cst = "tf.Const"() {value = dense<[1, -2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%arg0, %arg1, %arg2, %cst) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = "tf.StridedSlice"(%arg0, %arg1, %arg2, %cst) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?xf32>
}
