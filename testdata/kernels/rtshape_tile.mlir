// sandjit-test: rtol=0 atol=0
// Tile with multiples an argument read at run time (0 and 1 included).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.Tile"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
