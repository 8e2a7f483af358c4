// Shape as i32 and i64 of a dynamic rank-3 tensor (zero-size dims too), of a rank-0 tensor (an empty
// vector), of an unranked i1 tensor (rank 0 to 4 at run time) and of a partly static i8 tensor.
func.func @test(%arg0: tensor<?x?x?xf32>, %arg1: tensor<f32>, %arg2: tensor<*xi1>, %arg3: tensor<2x?xi8>) -> (tensor<3xi32>, tensor<3xi64>, tensor<0xi32>, tensor<?xi64>, tensor<2xi32>) {
  %0 = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi32>
  %1 = "tf.Shape"(%arg0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi64>
  %2 = "tf.Shape"(%arg1) {device = ""} : (tensor<f32>) -> tensor<0xi32>
  %3 = "tf.Shape"(%arg2) {device = ""} : (tensor<*xi1>) -> tensor<?xi64>
  %4 = "tf.Shape"(%arg3) {device = ""} : (tensor<2x?xi8>) -> tensor<2xi32>
  func.return %0, %1, %2, %3, %4 : tensor<3xi32>, tensor<3xi64>, tensor<0xi32>, tensor<?xi64>, tensor<2xi32>
}
