// sandjit-test: rtol=0 atol=0
// StridedSlice with begin, end and strides all arguments read at run time: negative strides, strides
// larger than the dim, masks and a shrunk axis.
func.func @test(%arg0: tensor<?x?x?xf32>, %arg1: tensor<3xi64>, %arg2: tensor<3xi64>, %arg3: tensor<3xi64>) -> (tensor<?x?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.StridedSlice"(%arg0, %arg1, %arg2, %arg3) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<?x?x?xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %1 = "tf.StridedSlice"(%arg0, %arg1, %arg2, %arg3) {begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 4 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<?x?x?xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?x?xf32>, tensor<?x?xf32>
}
