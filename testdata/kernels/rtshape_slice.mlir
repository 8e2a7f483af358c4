// sandjit-test: rtol=0 atol=0
// Slice with begin and size arguments read at run time (size -1: to the end; empty slices).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<2xi64>, %arg2: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = "tf.Slice"(%arg0, %arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
